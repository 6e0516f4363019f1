import {
  CalendarDays,
  CircleUser,
  ClipboardCheck,
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

export type NavItem = {
  label: string
  href: string
  icon: LucideIcon
  end?: boolean
  /** What the item's count counts, in words: 'Messages, 2 unread messages'. */
  counts?: (n: number) => string
  /** In the coach's one-row tab bar on a phone (the others are a tap away from the screens there). */
  phone?: boolean
}

/** Counts shown on navigation items (unread messages, new comments), by the item's href. */
export type NavBadges = Partial<Record<string, number>>

const plural = (n: number, one: string, many: string) => `${withThousands(n)} ${n === 1 ? one : many}`
const unreadMessages = (n: number) => plural(n, 'unread message', 'unread messages')
const newComments = (n: number) => plural(n, 'new comment', 'new comments')

/** What a navigation item's count counts, in words: '2 unread messages'; undefined without a count. */
export function navCountWords(item: NavItem, badges: NavBadges | undefined): string | undefined {
  const count = badges?.[item.href] ?? 0
  return count > 0 ? (item.counts ?? ((n: number) => `${withThousands(n)} unread`))(count) : undefined
}

/** What a navigation item's count adds to its accessible name: ', 2 unread messages' (Chat, 2 unread messages). */
export function navCountText(item: NavItem, badges: NavBadges | undefined): string | undefined {
  const words = navCountWords(item, badges)
  return words ? `, ${words}` : undefined
}

export const coachNav: NavItem[] = [
  {
    label: 'Dashboard',
    href: paths.coach.dashboard.getHref(),
    icon: LayoutDashboard,
    end: true,
    counts: newComments,
    phone: true,
  },
  { label: 'Clients', href: paths.coach.clients.getHref(), icon: Users, phone: true },
  { label: 'Messages', href: paths.coach.messages.getHref(), icon: MessageCircle, counts: unreadMessages, phone: true },
  { label: 'New plan', href: paths.coach.createPlan.getHref(), icon: SquarePlus },
  { label: 'Templates', href: paths.coach.templateBoard.getHref(), icon: LayoutTemplate, phone: true },
  { label: 'Library', href: paths.coach.library.getHref(), icon: Dumbbell, phone: true },
  { label: 'Check-ins', href: paths.coach.checkInForms.getHref(), icon: ClipboardCheck },
  { label: 'Plans', href: paths.open.programs.getHref(), icon: ClipboardList, phone: true },
  { label: 'Account', href: paths.account.getHref(), icon: CircleUser },
]

export const clientNav: NavItem[] = [
  { label: 'Home', href: paths.client.home.getHref(), icon: House, counts: newComments },
  { label: 'Calendar', href: paths.client.mesocycle.getHref(), icon: CalendarDays },
  { label: 'Workouts', href: paths.client.workouts.getHref(), icon: Dumbbell },
  { label: 'Plans', href: paths.open.programs.getHref(), icon: ClipboardList },
  { label: 'Progress', href: paths.client.progress.getHref(), icon: TrendingUp },
  { label: 'Chat', href: paths.client.chat.getHref(), icon: MessageCircle, counts: unreadMessages },
]
