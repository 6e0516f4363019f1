import { apiRoutes } from '#shared/api-paths.ts'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { ROLES } from '#shared/schemas/profiles.ts'
import type { AppEnv } from '#server/context.ts'
import {
  clientInvites,
  coachClients,
  profiles,
  users,
  verifications,
  workoutSessions,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'

const route = apiRoutes.testing

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
export const testingRoutes = new Hono<AppEnv>()
  // Ages every emailed link of a user past its expiry, so a browser test can follow an expired one.
  .post(route.expireLinks, validate('json', z.object({ email: z.email().check(z.toLowerCase()) })), async (c) => {
    const { email } = c.req.valid('json')
    const [user] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!user) throw new AppError('NOT_FOUND', { message: 'No such user' })
    await c.var.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verifications.value, user.id))
    return c.json({ ok: true })
  })
  // An invite past its 7 days, without waiting a week.
  .post(route.expireInvites, validate('json', z.object({ email: z.email().check(z.toLowerCase()) })), async (c) => {
    await c.var.db
      .update(clientInvites)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(clientInvites.email, c.req.valid('json').email))
    return c.json({ ok: true })
  })
  // A session finished more than 48 hours ago, so a browser test reaches the end of its corrections.
  .post(route.expireCorrections, validate('json', z.object({ sessionId: z.uuid() })), async (c) => {
    await c.var.db
      .update(workoutSessions)
      .set({ completedAt: sql`now() - interval '48 hours 1 minute'` })
      .where(eq(workoutSessions.id, c.req.valid('json').sessionId))
    return c.json({ ok: true })
  })
  // The coach-client link an accepted invite makes, for tests that need one without going through an invite.
  .post(
    route.coachClients,
    validate(
      'json',
      z.object({ coachEmail: z.email().check(z.toLowerCase()), clientEmail: z.email().check(z.toLowerCase()) }),
    ),
    async (c) => {
      const { coachEmail, clientEmail } = c.req.valid('json')
      const [coach] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, coachEmail))
      const [client] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, clientEmail))
      if (!coach || !client) throw new AppError('NOT_FOUND', { message: 'No such users' })
      await c.var.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
      return c.json({ ok: true }, 201)
    },
  )
  // A statement as slow as asked, to see the database's time limit end it while others are served.
  .post(
    route.slowStatement,
    validate('json', z.object({ seconds: z.number().check(z.gte(0), z.lte(600)) })),
    async (c) => {
      await c.var.db.execute(sql`select pg_sleep(${c.req.valid('json').seconds})`)
      return c.json({ ok: true })
    },
  )
  .post(route.users, validate('json', CreateTestUserBody), async (c) => {
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
