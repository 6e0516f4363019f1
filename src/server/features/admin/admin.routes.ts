import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ProfileSchema, SetRoleBody } from '#shared/schemas/profiles.ts'
import type { AppEnv } from '#server/context.ts'
import { isLoopbackHost } from '#server/env.ts'
import { doc, mark } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import { setRoleByEmail } from '#server/features/profiles/profiles.service.ts'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Operators only: a request from this machine that carries the secret in the data folder. */
function requireOperator(secret: string | undefined) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const given = c.req.header('authorization')?.replace(/^Bearer /, '') ?? ''
    let remote = ''
    try {
      remote = getConnInfo(c).remote.address ?? ''
    } catch {
      remote = '127.0.0.1' // app.request() in tests has no socket
    }
    if (!secret || !given || !sameSecret(given, secret) || !isLoopbackHost(remote)) {
      throw new AppError('UNAUTHENTICATED', { message: 'Operator secret required' })
    }
    await next()
  })
  return mark(middleware, { access: { kind: 'operator' } })
}

/** The admin CLI's way into a running server (PGlite allows one process per data folder). */
export function createAdminRoutes(secret: string | undefined) {
  return new Hono<AppEnv>()
    .use(requireOperator(secret))
    .post('/set-role', doc({ summary: 'Change a user’s role (npm run admin)', response: ProfileSchema }), validate('json', SetRoleBody), async (c) => {
      const { email, role } = c.req.valid('json')
      return c.json(await setRoleByEmail(c.var.db, email, role))
    })
}
