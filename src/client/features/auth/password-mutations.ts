import { useMutation } from '@tanstack/react-query'
import { authText } from '#shared/app-text.ts'
import { notify } from '#client/lib/notify.ts'
import { changePassword } from './api/auth-calls.ts'
import { authErrorText } from './auth-errors.ts'

// Outside api/, for the same reason as profile-mutations.ts.

/** The account page: the current password and a new one; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      changePassword(currentPassword, newPassword),
    meta: { errorTitle: authText.updatePasswordFailedTitle, errorText: authErrorText },
    onSuccess: () => notify.success(authText.passwordUpdated),
  })
}
