import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { ROLES } from '#shared/schemas/profiles.ts'
import type { AppEnv } from '../../context.ts'
import { profiles, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/app-error.ts'
import { validate } from '../../lib/validate.ts'

const CreateTestUserBody = z.object({
  email: z.email().check(z.toLowerCase()),
  password: z._default(z.string().check(z.minLength(8)), 'Passw0rd!'),
  role: z._default(z.enum(ROLES), 'client'),
  displayName: z._default(z.string().check(z.maxLength(80)), 'Test User'),
  emailVerified: z._default(z.boolean(), true),
  withProfile: z._default(z.boolean(), true),
})

/**
 * Fixtures for the browser tests (epic-stack's "log in directly"): creates a user with a role
 * and signs them in. Mounted only when ENABLE_TEST_API is set on a loopback host (see server/app.ts).
 */
export const testingRoutes = new Hono<AppEnv>().post('/users', validate('json', CreateTestUserBody), async (c) => {
  const input = c.req.valid('json')
  const { auth, db } = c.var
  const created = await auth.api
    .signUpEmail({ body: { email: input.email, password: input.password, name: input.displayName } })
    .catch((cause: unknown) => {
      throw new AppError('CONFLICT', { message: 'User could not be created', cause })
    })
  await db.update(users).set({ emailVerified: input.emailVerified }).where(eq(users.id, created.user.id))
  if (input.withProfile) {
    await db.insert(profiles).values({ id: created.user.id, role: input.role, displayName: input.displayName })
  }
  const signIn = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: c.req.raw.headers,
    asResponse: true,
  })
  for (const cookie of signIn.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true })
  return c.json({ id: created.user.id, email: input.email }, 201)
})

