import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { authText } from '#shared/app-text.ts'
import { paths } from '#shared/paths.ts'
import { Loading } from '#client/components/feedback/full-page-message.tsx'
import { exchangeEmailLink } from '#client/features/auth/api/auth-calls.ts'
import { fetchOwnProfile } from '#client/features/auth/api/profile-calls.ts'
import { authErrorText, linkParams } from '#client/features/auth/auth-errors.ts'
import type { AuthPageState } from './auth-page.tsx'
import { landingHref } from '#client/features/auth/return-to.ts'

/**
 * /auth/callback (docs/product.md#signing-in-and-landing): exchanges the emailed token for a session, then goes to
 * /create-profile when there is no display name, /coach for coaches, /home for clients, and to
 * /auth with the error on any failure.
 */
export function CallbackPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const params = linkParams(location)
    const type = params.get('type')
    const token = params.get('token')

    const fail = (description: string) =>
      navigate(paths.auth.login.getHref(), {
        replace: true,
        state: { notice: { title: authText.callbackFailedTitle, description } } satisfies AuthPageState,
      })

    void (async () => {
      if (params.get('error') || !token || (type !== 'signup' && type !== 'magiclink')) {
        return fail(params.get('error_description') || authText.callbackLinkInvalid)
      }
      try {
        await exchangeEmailLink(type, token)
        const profile = await fetchOwnProfile()
        queryClient.clear()
        if (!profile || !profile.displayName.trim()) return navigate(paths.createProfile.getHref(), { replace: true })
        return navigate(landingHref(profile.role), { replace: true })
      } catch (error) {
        return fail(authErrorText(error))
      }
    })()
  }, [location, navigate, queryClient])

  return <Loading />
}
