import { useMutation } from '@tanstack/react-query'
import { authText } from '#shared/app-text.ts'
import { notify } from '#client/lib/notify.ts'
import { changePassword } from './api/auth-calls.ts'
import { authErrorText } from './auth-errors.ts'

// Outside api/ and networkMode 'always', for the same reasons as profile-mutations.ts.

/** The account page: the current password and a new one; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(currentPassword, newPassword),
    networkMode: 'always',
    meta: { errorTitle: authText.updatePasswordFailedTitle, errorText: authErrorText },
    onSuccess: () => notify.success(authText.passwordUpdated),
  })
}
