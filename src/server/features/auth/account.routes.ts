import { apiRoutes } from '#shared/api-paths.ts'
import { Hono, type Context } from 'hono'
import { type ResetTokenStatus, ResetTokenStatusSchema, TokenBody } from '#shared/schemas/auth.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'

const route = apiRoutes.account

/** Passes better-auth's session cookie on to the browser, or refuses a link that made no session. */
function withSessionCookie(c: Context<AppEnv>, response: Response, linkKind: string) {
  const cookies = response.headers.getSetCookie()
  if (!response.ok || !cookies.some((cookie) => cookie.includes('session_token=') && !cookie.includes('Max-Age=0'))) {
    throw new AppError('BAD_REQUEST', {
      message: `This ${linkKind} link is invalid, has expired or has already been used`,
    })
  }
  for (const cookie of cookies) c.header('set-cookie', cookie, { append: true })
  return c.json({ ok: true })
}

/**
 * The POSTs behind the pages that emailed links open (/auth/callback, /auth/reset): a mail
 * scanner that GETs a link spends nothing; only the page's script does.
 */
export const accountRoutes = new Hono<AppEnv>()
  .post(
    route.verifyEmail,
    doc({ summary: 'Confirm an email address with the token from its email; signs the user in' }),
    validate('json', TokenBody),
    async (c) => {
      const response = await c.var.auth.api.verifyEmail({
        query: { token: c.req.valid('json').token },
        headers: c.req.raw.headers,
        asResponse: true,
      })
      return withSessionCookie(c, response, 'confirmation')
    },
  )
  .post(
    route.magicLink,
    doc({ summary: 'Sign in with the token of a magic-link email' }),
    validate('json', TokenBody),
    async (c) => {
      const response = await c.var.auth.api.magicLinkVerify({
        query: { token: c.req.valid('json').token },
        headers: c.req.raw.headers,
        asResponse: true,
      })
      return withSessionCookie(c, response, 'sign-in')
    },
  )
  .post(
    route.resetToken,
    doc({ summary: 'Whether a password-reset token is valid, expired or unknown', response: ResetTokenStatusSchema }),
    validate('json', TokenBody),
    async (c) => {
      const context = await c.var.auth.$context
      const found = await context.internalAdapter.findVerificationValue(`reset-password:${c.req.valid('json').token}`)
      const status: ResetTokenStatus = !found
        ? { valid: false, error: 'access_denied' }
        : found.expiresAt.getTime() <= Date.now()
          ? { valid: false, error: 'otp_expired' }
          : { valid: true }
      return c.json(status)
    },
  )
