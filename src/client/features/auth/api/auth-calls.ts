import { apiPaths } from '#shared/api-paths.ts'
import { paths } from '#shared/paths.ts'
import { ResetTokenStatusSchema } from '#shared/schemas/auth.ts'
import { apiRequest } from '#client/lib/api-client.ts'

// The account calls, on better-auth's endpoints and the pages' token POSTs (decision 004).

export const signInWithPassword = (email: string, password: string) =>
  apiRequest(apiPaths.auth.signInEmail, { method: 'POST', body: { email, password } })

export const signUp = (email: string, password: string) =>
  apiRequest(apiPaths.auth.signUpEmail, {
    method: 'POST',
    body: { email, password, name: '', callbackURL: paths.auth.callback.getHref() },
  })

export const sendMagicLink = (email: string) =>
  apiRequest(apiPaths.auth.signInMagicLink, {
    method: 'POST',
    body: { email, callbackURL: paths.auth.callback.getHref() },
  })

export const requestPasswordReset = (email: string) =>
  apiRequest(apiPaths.auth.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: paths.auth.reset.getHref() },
  })

export const setNewPassword = (token: string, newPassword: string) =>
  apiRequest(apiPaths.auth.resetPassword, { method: 'POST', body: { token, newPassword } })

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest(apiPaths.auth.changePassword, {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  })

export const checkResetToken = (token: string) =>
  apiRequest(apiPaths.account.resetToken, { method: 'POST', body: { token }, schema: ResetTokenStatusSchema })

/** A confirmation or magic-link token exchanged for a session. */
export const exchangeEmailLink = (type: 'signup' | 'magiclink', token: string) =>
  apiRequest(type === 'signup' ? apiPaths.account.verifyEmail : apiPaths.account.magicLink, {
    method: 'POST',
    body: { token },
  })
