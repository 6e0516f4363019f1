import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Me, Profile } from '#shared/schemas/profiles.ts'
import { onUnauthenticated } from '#client/lib/api-client.ts'
import { authQueries, markSignedOut } from './api/auth-queries.ts'

/** Loading, then unauthenticated or authenticated with a profile; errors are counted for the guard's retries. */
export type AuthState =
  | { status: 'loading' }
  | { status: 'error'; failures: number; isRetrying: boolean; retry: () => void }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; user: NonNullable<Me['user']>; profile: Profile }

const AuthContext = createContext<AuthState | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const me = useQuery(authQueries.me())
  // Failures since the last success, derived during render: the guard shows 'Retry n/3' from it.
  const [lastSuccess, setLastSuccess] = useState({ at: 0, errors: 0 })
  if (me.dataUpdatedAt !== lastSuccess.at) setLastSuccess({ at: me.dataUpdatedAt, errors: me.errorUpdateCount })
  const failures = me.errorUpdateCount - lastSuccess.errors

  // An expired session (any 401) forces sign-out: clear state and go to /auth.
  useEffect(
    () =>
      onUnauthenticated(() => {
        markSignedOut(queryClient)
        void navigate(paths.auth.login.getHref(), { replace: true })
      }),
    [queryClient, navigate],
  )

  // When the user changes (another account, or none), nothing cached for the previous one survives.
  const userId = me.data?.user?.id ?? null
  const previousUser = useRef(userId)
  useEffect(() => {
    if (previousUser.current !== null && previousUser.current !== userId) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authQueries.all()[0] })
    }
    previousUser.current = userId
  }, [userId, queryClient])

  const { data, isError, refetch, isFetching } = me
  const state = useMemo<AuthState>(() => {
    // A failed background refresh keeps what we know (the gym has bad signal); only a first load that fails is an error.
    if (isError && !data) return { status: 'error', failures, isRetrying: isFetching, retry: () => void refetch() }
    if (!data) return { status: 'loading' }
    if (!data.user || !data.profile) return { status: 'unauthenticated' }
    return { status: 'authenticated', user: data.user, profile: data.profile }
  }, [data, isError, isFetching, failures, refetch])

  return <AuthContext value={state}>{children}</AuthContext>
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext)
  if (!state) throw new Error('useAuth must be used inside AuthProvider')
  return state
}
