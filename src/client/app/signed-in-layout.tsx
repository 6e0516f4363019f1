import { Outlet } from 'react-router'
import { ClientShell, CoachShell } from '#client/components/layouts/app-shells.tsx'
import { useSignOut } from '#client/features/auth/api/sign-out.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { useOfflineSync } from '#client/features/training/offline/sync.ts'

/**
 * The signed-in frame of the user's role: a sidebar for coaches, bottom navigation for clients.
 * Its own chunk, so public pages such as /auth do not load it.
 */
export function SignedInLayout() {
  const auth = useAuth()
  const signOut = useSignOut()
  // Sets logged without signal keep moving to the server from whatever screen is open.
  useOfflineSync(auth.status === 'authenticated' ? auth.user.id : null)
  if (auth.status !== 'authenticated') return <Outlet />
  const Shell = auth.profile.role === 'coach' ? CoachShell : ClientShell
  return (
    <Shell displayName={auth.profile.displayName} onSignOut={() => void signOut()}>
      <Outlet />
    </Shell>
  )
}
