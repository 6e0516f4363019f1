import { useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { shellText } from '#shared/app-text.ts'
import { homeHrefFor, paths } from '#shared/paths.ts'
import { FullPageMessage, Loading } from '#client/components/feedback/full-page-message.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { signOutOnServer, useSignOut } from '../api/sign-out.ts'
import { useAuth } from '../auth-context.tsx'

const MAX_AUTH_RETRIES = 3
/** Sign-out is forced after more than this many errors (docs/product.md#the-route-guard). */
const FORCED_SIGN_OUT_AFTER = 2

/** 'any': every signed-in user with a name (the account page). */
export type GuardArea = 'client' | 'coach' | 'any'

/**
 * The one route guard, in the order of docs/product.md#the-route-guard: wait while loading; on auth errors
 * retry up to 3 times showing 'Retry n/3', then offer 'Sign out and try again' (sign-out is
 * forced after more than 2 errors); unauthenticated to /auth; empty display name to
 * /create-profile; a non-coach on a coach route to /home; a non-client on a client route to /coach.
 */
export function RouteGuard({ area }: { area: GuardArea }) {
  const auth = useAuth()
  const { pathname } = useLocation()

  if (auth.status === 'loading') return <Loading />
  if (auth.status === 'error')
    return <AuthErrorRetry failures={auth.failures} isRetrying={auth.isRetrying} retry={auth.retry} />
  if (auth.status === 'unauthenticated') return <Navigate to={paths.auth.login.getHref()} replace />

  const { profile } = auth
  const onCreateProfile = pathname === paths.createProfile.path
  const hasName = profile.displayName.trim() !== ''
  if (!hasName && !onCreateProfile) return <Navigate to={paths.createProfile.getHref()} replace />
  if (area === 'coach' && profile.role !== 'coach') return <Navigate to={homeHrefFor(profile.role)} replace />
  // A coach without a name may finish their profile without bouncing back to /coach.
  if (area === 'client' && profile.role !== 'client' && !(onCreateProfile && !hasName)) {
    return <Navigate to={homeHrefFor(profile.role)} replace />
  }
  return <Outlet />
}

function AuthErrorRetry({ failures, isRetrying, retry }: { failures: number; isRetrying: boolean; retry: () => void }) {
  const signOut = useSignOut()
  const forcedSignOut = useRef(false)
  const exhausted = failures > MAX_AUTH_RETRIES

  useEffect(() => {
    if (failures > FORCED_SIGN_OUT_AFTER && !forcedSignOut.current) {
      forcedSignOut.current = true
      void signOutOnServer()
    }
  }, [failures])

  useEffect(() => {
    if (exhausted || isRetrying) return
    const timer = setTimeout(retry, 500 * Math.max(failures, 1))
    return () => clearTimeout(timer)
  }, [exhausted, isRetrying, failures, retry])

  return (
    <FullPageMessage title={shellText.authErrorTitle} role="alert">
      {exhausted ? (
        <>
          <p className="text-muted-foreground">{shellText.authErrorBody}</p>
          <Button onClick={() => void signOut()}>{shellText.signOutAndRetry}</Button>
        </>
      ) : (
        <p className="text-muted-foreground" aria-live="polite">
          {shellText.retry(Math.max(failures, 1), MAX_AUTH_RETRIES)}
        </p>
      )}
    </FullPageMessage>
  )
}
