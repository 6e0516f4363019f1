import { LogOut } from 'lucide-react'
import { Suspense, useEffect } from 'react'
import { Link, Navigate, Outlet } from 'react-router'
import { shellText } from '#shared/app-text.ts'
import { homeHrefFor, paths } from '#shared/paths.ts'
import { Loading } from '#client/components/feedback/full-page-message.tsx'
import { PublicShell } from '#client/components/layouts/public-shell.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { useSignOut } from '#client/features/auth/api/sign-out.ts'
import { AuthProvider, useAuth } from '#client/features/auth/auth-context.tsx'
import { lazyScreen } from '#client/first-paint/lazy-screen.ts'
import { documentTitle, useRouteHandles } from './route-handle.ts'

function DocumentTitle() {
  const title = documentTitle(useRouteHandles())
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

export function RootLayout() {
  return (
    <AuthProvider>
      <DocumentTitle />
      <Outlet />
    </AuthProvider>
  )
}

const SignedInLayout = lazyScreen(
  () => import('./signed-in-layout.tsx'),
  (m) => m.SignedInLayout,
)

/** Inside the guard: the role's own frame (the guard has already checked the role). */
export function GuardedLayout() {
  return (
    <Suspense fallback={<Loading />}>
      <SignedInLayout />
    </Suspense>
  )
}
GuardedLayout.preload = SignedInLayout.preload

/** Public pages (welcome, auth, invite): a light frame with sign-in or a way into the app. */
export function PublicLayout() {
  const auth = useAuth()
  const signOut = useSignOut()
  const action =
    auth.status === 'authenticated' ? (
      <>
        <Button asChild size="sm">
          <Link to={homeHrefFor(auth.profile.role)}>Open Coachline</Link>
        </Button>
        <Button variant="ghost" size="icon" aria-label={shellText.signOut} onClick={() => void signOut()}>
          <LogOut />
        </Button>
      </>
    ) : (
      <Button asChild size="sm" variant="outline">
        <Link to={paths.auth.login.getHref()}>{shellText.signIn}</Link>
      </Button>
    )
  return (
    <PublicShell action={action}>
      <Outlet />
    </PublicShell>
  )
}

/** /auth: a signed-in visitor is sent to /coach or /home (docs/product.md#routes-and-redirects). */
export function RedirectSignedIn() {
  const auth = useAuth()
  if (auth.status === 'loading') return <Loading />
  if (auth.status === 'authenticated') return <Navigate to={homeHrefFor(auth.profile.role)} replace />
  return <Outlet />
}

/**
 * The open routes render without the guard, but what they show needs a signed-in user: a
 * visitor gets a sign-in prompt (docs/product.md#the-route-guard).
 */
export function OpenLayout() {
  const auth = useAuth()
  if (auth.status === 'loading') return <Loading />
  if (auth.status === 'authenticated') return <GuardedLayout />
  return (
    <PublicShell>
      <div className="mx-auto max-w-md p-6 pt-16">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1>{shellText.signInPromptTitle}</h1>
            </CardTitle>
            <CardDescription>{shellText.signInPromptBody}</CardDescription>
          </CardHeader>
          <Button asChild>
            <Link to={paths.auth.login.getHref()}>{shellText.signIn}</Link>
          </Button>
        </Card>
      </div>
    </PublicShell>
  )
}
