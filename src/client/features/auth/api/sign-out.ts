import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { apiPaths } from '#shared/api-paths.ts'
import { paths } from '#shared/paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { forgetOfflineCopies } from '#client/lib/offline-copies.ts'
import { forgetThisDevice } from '#client/features/notifications/api/forget-this-device.ts'
import { markSignedOut } from './auth-queries.ts'

/** Ends the server session; a failure to reach the server still clears what this tab knows. */
export async function signOutOnServer(): Promise<void> {
  // While still signed in: the device's notifications stop with the account that turned them on.
  await forgetThisDevice()
  await apiRequest(apiPaths.auth.signOut, { method: 'POST', body: {} }).catch(() => undefined)
  // The device's copies for no signal (who-am-I, the plans, sessions) belong to the user who left.
  await forgetOfflineCopies()
}

/** Signs out, clears every cached datum and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    await signOutOnServer()
    markSignedOut(queryClient)
    await navigate(paths.auth.login.getHref(), { replace: true })
  }, [queryClient, navigate])
}
