import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { apiPaths } from '#shared/api-paths.ts'
import { paths } from '#shared/paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { forgetOfflineCopies } from '#client/lib/offline-copies.ts'
import { forgetQueued } from '#client/lib/offline-queue/queue.ts'
import { deleteDraftsOf } from '#client/features/check-ins/api/check-in-drafts.ts'
import { forgetThisDevice } from '#client/features/notifications/api/forget-this-device.ts'
import { markSignedOut } from './auth-queries.ts'

// Apart from sign-out.ts: the sign-in screens load that one, and must not load the offline queue.
/**
 * Deletes the signed-in client's account with its password (everything of theirs goes, photos
 * included), then clears what this device keeps of them and goes to the welcome page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    async (userId: string, password: string) => {
      await apiRequest(apiPaths.auth.deleteUser, { method: 'POST', body: { password } })
      // Nothing of theirs stays on the device: its notifications, copies, waiting changes and drafts.
      await forgetThisDevice().catch(() => undefined)
      await forgetOfflineCopies()
      await forgetQueued(userId)
      await deleteDraftsOf(userId).catch(() => undefined)
      markSignedOut(queryClient)
      await navigate(paths.welcome.getHref(), { replace: true })
    },
    [queryClient, navigate],
  )
}
