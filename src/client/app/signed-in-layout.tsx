import { Outlet } from 'react-router'
import { paths } from '#shared/paths.ts'
import { ClientShell, CoachShell } from '#client/components/layouts/app-shells.tsx'
import { useSignOut } from '#client/features/auth/api/sign-out.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { useReportTimeZone } from '#client/features/auth/profile-mutations.ts'
import { useUnreadTotal } from '#client/features/chat/components/unread-messages.tsx'
import { useChatLive } from '#client/features/chat/live/use-chat-live.ts'
import { useBuilderSaves } from '#client/features/plans/api/use-save-queue.ts'
import { useHabitDaySync } from '#client/features/habits/api/habit-days.ts'
import { usePhotoUploads } from '#client/features/progress/api/photo-uploads.ts'
import { useCheckInSending } from '#client/features/check-ins/api/check-in-sending.ts'
import { useAppBadge } from '#client/features/notifications/use-app-badge.ts'
import { useUnreadCommentCount } from '#client/features/sessions/components/unread-comments.tsx'
import { useAdoptLegacyChanges } from '#client/features/sessions/offline/sync.ts'
import { useKeepGymScreens } from '#client/features/sessions/offline/use-keep-gym-screens.ts'
import { useOfflineQueue } from '#client/lib/offline-queue/queue.ts'
import { useRouteHandles } from './route-handle.ts'

/**
 * The signed-in frame of the user's role: a sidebar for coaches, bottom navigation for clients.
 * Loaded lazily, in the signed-in kit, so public pages such as /auth do not load it.
 */
export function SignedInLayout() {
  const auth = useAuth()
  const signOut = useSignOut()
  const signedIn = auth.status === 'authenticated' && auth.profile.displayName.trim() !== ''
  // Sets, messages and builder saves made without signal keep moving to the server from whatever screen is open.
  useOfflineQueue(auth.status === 'authenticated' ? auth.user.id : null)
  useAdoptLegacyChanges(auth.status === 'authenticated' ? auth.user.id : null)
  // A lifter's gym screens open with no signal, even if this is the device's first visit.
  useKeepGymScreens(signedIn && auth.profile.role === 'client' ? auth.user.id : null)
  useBuilderSaves()
  useHabitDaySync()
  usePhotoUploads()
  useCheckInSending()
  useReportTimeZone(signedIn ? auth.profile : null)
  // One live chat connection for the whole app: messages, receipts, toasts, the waitingMessages.
  useChatLive(signedIn ? { id: auth.user.id, role: auth.profile.role } : null)
  const unread = useUnreadTotal(signedIn)
  const comments = useUnreadCommentCount(signedIn)
  useAppBadge(signedIn ? unread + comments : 0)
  const tabBar = !useRouteHandles().some((handle) => handle?.noTabBar)
  if (auth.status !== 'authenticated') return <Outlet />
  const isCoach = auth.profile.role === 'coach'
  const Shell = isCoach ? CoachShell : ClientShell
  // Unread messages on the chat (a coach's Messages); unread comments on the first screen, which lists them.
  const badges = {
    [isCoach ? paths.coach.messages.getHref() : paths.client.chat.getHref()]: unread,
    [isCoach ? paths.coach.dashboard.getHref() : paths.client.home.getHref()]: comments,
  }
  return (
    <Shell displayName={auth.profile.displayName} onSignOut={() => void signOut()} badges={badges} tabBar={tabBar}>
      <Outlet />
    </Shell>
  )
}
