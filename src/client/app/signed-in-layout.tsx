import { Outlet } from 'react-router'
import { ClientShell, CoachShell } from '#client/components/layouts/app-shells.tsx'
import { useSignOut } from '#client/features/auth/api/sign-out.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'

/**
 * The signed-in frame of the user's role: a sidebar for coaches, bottom navigation for clients.
 * Its own chunk, so public pages such as /auth do not load it.
 */
export function SignedInLayout() {
  const auth = useAuth()
  const signOut = useSignOut()
  if (auth.status !== 'authenticated') return <Outlet />
  const Shell = auth.profile.role === 'coach' ? CoachShell : ClientShell
  return (
    <Shell displayName={auth.profile.displayName} onSignOut={() => void signOut()}>
      <Outlet />
    </Shell>
  )
}
