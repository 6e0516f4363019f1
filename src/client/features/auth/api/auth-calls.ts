import { paths } from '#shared/paths.ts'
import { ResetTokenStatusSchema } from '#shared/schemas/auth.ts'
import { apiRequest } from '#client/lib/api-client.ts'

// The account calls, on better-auth's endpoints and the pages' token POSTs (decision 004).

export const signInWithPassword = (email: string, password: string) =>
  apiRequest('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })

export const signUp = (email: string, password: string) =>
  apiRequest('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password, name: '', callbackURL: paths.auth.callback.getHref() },
  })

export const sendMagicLink = (email: string) =>
  apiRequest('/api/auth/sign-in/magic-link', {
    method: 'POST',
    body: { email, callbackURL: paths.auth.callback.getHref() },
  })

export const requestPasswordReset = (email: string) =>
  apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: paths.auth.reset.getHref() },
  })

export const setNewPassword = (token: string, newPassword: string) =>
  apiRequest('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } })

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  })

export const checkResetToken = (token: string) =>
  apiRequest('/api/account/reset-token', { method: 'POST', body: { token }, schema: ResetTokenStatusSchema })

/** A confirmation or magic-link token exchanged for a session. */
export const exchangeEmailLink = (type: 'signup' | 'magiclink', token: string) =>
  apiRequest(type === 'signup' ? '/api/account/verify-email' : '/api/account/magic-link', {
    method: 'POST',
    body: { token },
  })
