import {
  CalendarDays,
  CircleUser,
  ClipboardList,
  Dumbbell,
  House,
  LayoutDashboard,
  LayoutTemplate,
  MessageCircle,
  SquarePlus,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { paths } from '#shared/paths.ts'
import { withThousands } from '#shared/text.ts'

export type NavItem = { label: string; href: string; icon: LucideIcon; end?: boolean }

/** Counts shown on navigation items (unread chat messages), by the item's href. */
export type NavBadges = Partial<Record<string, number>>

/** What a navigation item's count adds to its accessible name: ', 2 unread' (Chat, 2 unread). */
export function navCountText(item: NavItem, badges: NavBadges | undefined): string | undefined {
  const count = badges?.[item.href] ?? 0
  return count > 0 ? `, ${withThousands(count)} unread` : undefined
}

export const coachNav: NavItem[] = [
  { label: 'Dashboard', href: paths.coach.dashboard.getHref(), icon: LayoutDashboard, end: true },
  { label: 'Clients', href: paths.coach.clients.getHref(), icon: Users },
  { label: 'New plan', href: paths.coach.createPlan.getHref(), icon: SquarePlus },
  { label: 'Templates', href: paths.coach.templateBoard.getHref(), icon: LayoutTemplate },
  { label: 'Library', href: paths.coach.library.getHref(), icon: Dumbbell },
  { label: 'Programs', href: paths.open.programs.getHref(), icon: ClipboardList },
  { label: 'Account', href: paths.account.getHref(), icon: CircleUser },
]

export const clientNav: NavItem[] = [
  { label: 'Home', href: paths.client.home.getHref(), icon: House },
  { label: 'Calendar', href: paths.client.mesocycle.getHref(), icon: CalendarDays },
  { label: 'Workouts', href: paths.client.workouts.getHref(), icon: Dumbbell },
  { label: 'Programs', href: paths.open.programs.getHref(), icon: ClipboardList },
  { label: 'Progress', href: paths.client.progress.getHref(), icon: TrendingUp },
  { label: 'Chat', href: paths.client.chat.getHref(), icon: MessageCircle },
]
