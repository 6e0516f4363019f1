import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Brand } from './brand.tsx'
import { ScreenSuspense } from './screen-suspense.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

/** Public pages: the brand, and sign-in or the way into the app. */
export function PublicShell({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Brand to={paths.root.getHref()} />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            {action}
          </div>
        </div>
      </header>
      {/* At least a screen high: the footer starts below the fold, so a screen that loads after the
          shell does not push it down (a layout shift on every first visit). */}
      <main className="min-h-[calc(100dvh-4rem)] flex-1">
        <ScreenSuspense>{children}</ScreenSuspense>
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        <Link to={paths.welcome.getHref()} className="hover:underline">
          Coachline
        </Link>{' '}
        · built for coaches and the lifters they train
      </footer>
    </div>
  )
}
