import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { accountDeletionText, isEmail, normalizeEmail, passwordProblem } from '#shared/schemas/auth.ts'
import { CLIENT_IP_HEADER } from '#server/lib/sign-in-settings.ts'
import type { AppEnv } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import { AppError, codeForStatus } from '#server/lib/app-error.ts'
import { illFormedTextFields } from '#server/lib/validate.ts'
import { check, hit, increment } from '#server/lib/rate-limit.ts'

const FIFTEEN_MINUTES = 15 * 60
const HOUR = 60 * 60

/** The better-auth endpoints whose bodies the gate reads before better-auth sees them. */
const GATED = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/magic-link',
  '/request-password-reset',
  '/send-verification-email',
  '/reset-password',
  '/change-password',
  '/delete-user',
])

type Body = Record<string, unknown>

/**
 * What better-auth does not do for us, in front of it: rate limits per IP, per email and per
 * account kept in the database (so they hold across servers), 'User already registered' on a
 * duplicate sign-up (better-auth hides it; docs/stack-notes.md#better-auth), and the password
 * rules of docs/product.md#validation-rules enforced on the server too.
 */
export async function handleAuthRequest(c: Context<AppEnv>, request: Request): Promise<Response> {
  const response = await gateAuthRequest(c, request)
  return rewriteJson(response, (body) =>
    withoutSessionTokens(response.status >= 400 ? withErrorCode(body, response) : body),
  )
}

/** The same answer with its JSON body transformed; any other answer as it is. */
async function rewriteJson(response: Response, transform: (body: unknown) => unknown): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Response(text, response)
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(transform(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/**
 * better-auth puts the session token in some JSON answers (sign-in, get-session, list-sessions).
 * The token is what the httpOnly cookie carries: script on the page must never read it, and the
 * app never needs it, so every `token` key is dropped from /api/auth's JSON.
 */
function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([key, inner]) => [key, withoutSessionTokens(inner)]),
    )
  }
  return value
}

/**
 * better-auth refuses some requests with a message alone ('No fields to update'): every error the
 * API answers carries a code too, so clients read one shape.
 */
function withErrorCode(body: unknown, response: Response): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof (body as { code?: unknown }).code === 'string')
    return body
  const { message } = body as { message?: unknown }
  return {
    ...body,
    code: codeForStatus(response.status),
    message: typeof message === 'string' && message ? message : response.statusText || 'Bad request',
  }
}

async function gateAuthRequest(c: Context<AppEnv>, request: Request): Promise<Response> {
  const { auth } = c.var
  const endpoint = new URL(request.url).pathname.replace(/^\/api\/auth/, '')
  if (request.method !== 'POST') return auth.handler(request)
  const text = await request.text()
  const forward = () => auth.handler(new Request(request, { body: text }))
  if (!GATED.has(endpoint)) {
    // The other endpoints' bodies are better-auth's to read, but text it would store must be storable.
    refuseUnsafeBody(parseLoosely(text))
    return forward()
  }

  const body = parseBody(text)
  const { db, env } = c.var
  const ip = limitKeyOf(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')
  const email = typeof body.email === 'string' ? normalizeEmail(body.email) : ''

  switch (endpoint) {
    case '/sign-in/email': {
      await hit(db, { key: `sign-in:ip:${ip}`, max: env.RATE_LIMIT_SIGN_IN_PER_IP, windowSeconds: FIFTEEN_MINUTES })
      if (!email) return forward()
      // Failures only: a stranger's wrong guesses from elsewhere never lock the owner out, except
      // through the account-wide cap that ASVS 2.2.1 asks for (at most 100 failures per hour).
      const failedHere = `sign-in:failed:${email}:${ip}`
      const failedAnywhere = `sign-in:failed:${email}`
      await check(db, { key: failedHere, max: env.RATE_LIMIT_SIGN_IN_PER_EMAIL, windowSeconds: FIFTEEN_MINUTES })
      await check(db, { key: failedAnywhere, max: env.RATE_LIMIT_FAILED_SIGN_IN_PER_ACCOUNT, windowSeconds: HOUR })
      const response = await forward()
      if (response.status === 401) {
        await increment(db, failedHere, FIFTEEN_MINUTES)
        await increment(db, failedAnywhere, HOUR)
      }
      return response
    }
    case '/sign-up/email': {
      await hit(db, { key: `sign-up:ip:${ip}`, max: env.RATE_LIMIT_SIGN_UP_PER_IP, windowSeconds: HOUR })
      if (!isEmail(email)) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'Invalid email format',
          fields: { email: ['Invalid email format'] },
        })
      }
      requireStrongPassword(body.password)
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (existing) throw new AppError('USER_ALREADY_EXISTS', { message: 'User already registered' })
      return forward()
    }
    case '/sign-in/magic-link':
    case '/request-password-reset':
    case '/send-verification-email': {
      await hit(db, { key: `email:ip:${ip}`, max: env.RATE_LIMIT_EMAIL_PER_IP, windowSeconds: HOUR })
      if (email)
        await hit(db, { key: `email:address:${email}`, max: env.RATE_LIMIT_EMAIL_PER_ADDRESS, windowSeconds: HOUR })
      return forward()
    }
    case '/delete-user': {
      // Deleting an account always takes its password (better-auth would take a fresh session
      // alone), and wrong guesses count like sign-in's.
      await hit(db, { key: `delete-user:ip:${ip}`, max: env.RATE_LIMIT_SIGN_IN_PER_IP, windowSeconds: FIFTEEN_MINUTES })
      if (typeof body.password !== 'string' || !body.password)
        throw new AppError('VALIDATION_FAILED', {
          message: accountDeletionText.passwordNeeded,
          fields: { password: [accountDeletionText.passwordNeeded] },
        })
      if (body.token !== undefined || body.callbackURL !== undefined)
        throw new AppError('VALIDATION_FAILED', { message: 'Send only the password' })
      return forward()
    }
    default: {
      // '/reset-password' and '/change-password': the new password follows the sign-up rules.
      requireStrongPassword(body.newPassword)
      return forward()
    }
  }
}

/** IPv6 clients get a /64 each, so they are limited by prefix; IPv4 by address. */
export function limitKeyOf(ip: string): string {
  const address = ip.replace(/^::ffff:/, '')
  if (!address.includes(':')) return address
  const [head = '', tail] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
  return `${groups.slice(0, 4).join(':')}::/64`
}

function parseBody(text: string): Body {
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    throw new AppError('BAD_REQUEST', { message: 'Malformed JSON in request body' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_FAILED', { message: 'The request body must be a JSON object' })
  }
  refuseUnsafeBody(body)
  return body as Body
}

/** The body as JSON when it is JSON; anything else is left for better-auth to refuse. */
function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** No body of better-auth's nests this deep; deeper input overflows its parsing's call stack. */
const MAX_BODY_DEPTH = 16

/**
 * One pass over parsed JSON with its own stack (input nested deeper than the call stack is still
 * just input): how deep it nests, and whether any string holds a NUL character.
 */
function measureJson(value: unknown): { depth: number; hasNul: boolean } {
  let depth = 0
  let hasNul = false
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    depth = Math.max(depth, next.depth)
    if (typeof next.item === 'string') hasNul ||= next.item.includes('\u0000')
    else if (next.item && typeof next.item === 'object')
      for (const child of Object.values(next.item)) pending.push({ item: child, depth: next.depth + 1 })
  }
  return { depth, hasNul }
}

/**
 * Bad input refused before better-auth sees it: nesting deep enough to overflow its parsing, and
 * text PostgreSQL cannot store (NUL characters, half of a UTF-16 pair).
 */
function refuseUnsafeBody(body: unknown): void {
  const { depth, hasNul } = measureJson(body)
  if (depth > MAX_BODY_DEPTH)
    throw new AppError('VALIDATION_FAILED', { message: 'The request body is nested too deeply' })
  if (hasNul) throw new AppError('BAD_REQUEST', { message: 'Text must not contain NUL characters' })
  const illFormed = illFormedTextFields(body)
  if (illFormed) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: illFormed })
}

/** Messages start 'Password should be…': the client maps that prefix to its sign-up text (docs/product.md#user-facing-strings). */
function requireStrongPassword(password: unknown): void {
  if (typeof password !== 'string') return // better-auth answers the missing field itself
  const problem = passwordProblem(password)
  if (problem === 'too-short')
    throw new AppError('PASSWORD_TOO_WEAK', { message: 'Password should be at least 8 characters' })
  if (problem === 'too-long')
    throw new AppError('PASSWORD_TOO_WEAK', { message: 'Password should be at most 128 characters' })
  if (problem === 'too-weak') {
    throw new AppError('PASSWORD_TOO_WEAK', {
      message: 'Password should contain uppercase, lowercase, and numeric characters',
    })
  }
}
