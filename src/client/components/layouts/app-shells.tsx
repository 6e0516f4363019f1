import { CircleUser, LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { shellText } from '#shared/app-text.ts'
import { paths } from '#shared/paths.ts'
import { ScreenSuspense } from './screen-suspense.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { Brand } from './brand.tsx'
import { clientNav, coachNav, navCountText, navCountWords, type NavBadges, type NavItem } from './nav-items.ts'
import { ThemeToggle } from './theme-toggle.tsx'

export type ShellProps = {
  children: ReactNode
  displayName: string
  onSignOut: () => void
  badges?: NavBadges
  /** The client's bottom navigation on a phone; off on a screen that needs all of it (a session). */
  tabBar?: boolean
}

/** A navigation item's count, for the eye (`NavLabel` says it in words). */
function NavCount({ item, badges }: { item: NavItem; badges: NavBadges | undefined }) {
  const count = badges?.[item.href] ?? 0
  if (count <= 0) return null
  return (
    <Badge size="count" variant="alert" aria-hidden title={navCountWords(item, badges)}>
      {count > 99 ? '99+' : count}
    </Badge>
  )
}

/**
 * The item's label, and with a count the words 'Chat, 2 unread' for assistive technology. Part
 * of the link's content rather than an aria-label, so the name starts with the text one sees.
 */
function NavLabel({ item, badges, className }: { item: NavItem; badges: NavBadges | undefined; className?: string }) {
  const text = navCountText(item, badges)
  if (!text) return <span className={className}>{item.label}</span>
  return (
    <span className={className}>
      <SpokenLabel spoken={`${item.label}${text}`}>{item.label}</SpokenLabel>
    </span>
  )
}

/** A tab of a one-row tab bar (the client's at the bottom, the coach's under the top bar): its icon with the count over it, its word below. */
function IconTabContent({ item, badges }: { item: NavItem; badges: NavBadges | undefined }) {
  const Icon = item.icon
  return (
    <>
      <span className="relative">
        <Icon className="size-5" aria-hidden />
        <span className="absolute -top-2 left-3">
          <NavCount item={item} badges={badges} />
        </span>
      </span>
      <NavLabel item={item} badges={badges} />
    </>
  )
}

/** The theme toggle and signing out, at the end of every shell's bar. */
function ThemeAndSignOut({ variant = 'ghost', onSignOut }: { variant?: 'ghost' | 'sidebar'; onSignOut: () => void }) {
  return (
    <>
      <ThemeToggle variant={variant} />
      <Button variant={variant} size="icon" aria-label={shellText.signOut} onClick={onSignOut}>
        <LogOut />
      </Button>
    </>
  )
}

/** Coaches work at a desk: a sidebar on wide screens, a tab row that wraps on phones. */
export function CoachShell({ children, displayName, onSignOut, badges }: ShellProps) {
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      {/* The dark column runs the page's whole height; what is in it stays in view while the page scrolls. */}
      <aside className="hidden bg-sidebar text-sidebar-foreground md:block">
        <div className="flex flex-col gap-6 p-4 md:sticky md:top-0 md:h-dvh md:overflow-y-auto">
          <Brand to={paths.coach.dashboard.getHref()} className="px-2 pt-2" />
          <nav aria-label="Coach" className="flex flex-1 flex-col gap-1">
            {coachNav.map((item) => (
              <SideLink key={item.href} item={item} badges={badges} />
            ))}
          </nav>
          <div className="flex items-center justify-between gap-2 border-t border-sidebar-accent pt-4">
            <span className="truncate px-2 text-sm" title={displayName}>
              {displayName}
            </span>
            <div className="flex">
              <ThemeAndSignOut variant="sidebar" onSignOut={onSignOut} />
            </div>
          </div>
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur md:hidden">
          <div className="flex h-14 items-center justify-between px-4">
            <Brand to={paths.coach.dashboard.getHref()} />
            <div className="flex">
              <Button asChild variant="ghost" size="icon">
                <NavLink to={paths.account.getHref()} aria-label="Account">
                  <CircleUser />
                </NavLink>
              </Button>
              <ThemeAndSignOut onSignOut={onSignOut} />
            </div>
          </div>
          {/* One row on a phone: the everyday screens, icon over word. A new plan starts from the dashboard, templates or the plans page; the account is in the bar above. */}
          <nav aria-label="Coach" className="px-1 pb-1">
            <ul className="grid grid-cols-6">
              {coachNav
                .filter((item) => item.phone)
                .map((item) => (
                  <li key={item.href}>
                    <NavLink
                      to={item.href}
                      end={item.end}
                      className={({ isActive }) =>
                        cn(
                          'flex h-14 flex-col items-center justify-center gap-1 rounded-md text-[11px]',
                          isActive ? 'bg-secondary text-foreground' : 'text-muted-foreground hover:bg-muted',
                        )
                      }
                    >
                      <IconTabContent item={item} badges={badges} />
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">
          <ScreenSuspense>{children}</ScreenSuspense>
        </main>
      </div>
    </div>
  )
}

function SideLink({ item, badges }: { item: NavItem; badges: NavBadges | undefined }) {
  const Icon = item.icon
  return (
    <NavLink
      to={item.href}
      end={item.end}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors',
          isActive ? 'bg-sidebar-accent font-medium' : 'opacity-80 hover:bg-sidebar-accent hover:opacity-100',
        )
      }
    >
      <Icon className="size-4" aria-hidden />
      <NavLabel item={item} badges={badges} className="flex-1" />
      <NavCount item={item} badges={badges} />
    </NavLink>
  )
}

/** Clients are in the gym with a phone: bottom navigation in thumb reach, a top bar on wide screens. */
export function ClientShell({ children, displayName, onSignOut, badges, tabBar = true }: ShellProps) {
  return (
    <div
      className={cn(
        'flex min-h-dvh flex-col md:pb-0',
        tabBar ? 'pb-[calc(4rem+env(safe-area-inset-bottom))]' : 'pb-[env(safe-area-inset-bottom)]',
      )}
    >
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
          <Brand to={paths.client.home.getHref()} />
          <nav aria-label="Main" className="hidden gap-1 md:flex">
            {clientNav.map((item) => (
              <NavLink
                key={item.href}
                to={item.href}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-1.5 rounded-md px-3 py-2 text-sm',
                    isActive ? 'bg-secondary font-medium' : 'text-muted-foreground hover:bg-muted',
                  )
                }
              >
                <NavLabel item={item} badges={badges} />
                <NavCount item={item} badges={badges} />
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center">
            <span className="mr-2 hidden max-w-40 truncate text-sm text-muted-foreground sm:inline">{displayName}</span>
            <Button asChild variant="ghost" size="icon">
              <NavLink to={paths.account.getHref()} aria-label="Account">
                <CircleUser />
              </NavLink>
            </Button>
            <ThemeAndSignOut onSignOut={onSignOut} />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 p-4 md:p-8">
        <ScreenSuspense>{children}</ScreenSuspense>
      </main>
      {tabBar && (
        <nav
          aria-label="Main"
          className="fixed inset-x-0 bottom-0 z-10 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
        >
          <ul className="grid grid-cols-6">
            {clientNav.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  className={({ isActive }) =>
                    cn(
                      'flex h-16 flex-col items-center justify-center gap-1 text-[11px]',
                      isActive ? 'text-primary' : 'text-muted-foreground',
                    )
                  }
                >
                  <IconTabContent item={item} badges={badges} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
