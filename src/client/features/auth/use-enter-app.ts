import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import { authQueries } from './api/auth-queries.ts'
import { landingHref } from './return-to.ts'

/** After a sign-in: load who the user is now and go where they belong (docs/product.md#signing-in-and-landing). */
export function useEnterApp() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    queryClient.clear()
    const me = await queryClient.fetchQuery(authQueries.me())
    if (!me.profile || !me.profile.displayName.trim()) return navigate(paths.createProfile.getHref(), { replace: true })
    return navigate(landingHref(me.profile.role), { replace: true })
  }, [queryClient, navigate])
}
