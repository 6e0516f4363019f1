import { Hono } from 'hono'
import type { Me } from '#shared/schemas/profiles.ts'
import type { AppEnv } from '../../context.ts'
import { AppError } from '../../lib/app-error.ts'
import { requireUser } from '../../middleware/session.ts'
import { ensureProfile, getProfile } from './profiles.service.ts'

/** Who am I: the signed-in user and their profile, or `{ user: null }` for a visitor. */
export const meRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const user = c.var.user
  if (!user) return c.json({ user: null, profile: null } satisfies Me)
  const profile = await getProfile(c.var.db, user.id)
  return c.json({
    user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
    profile,
  } satisfies Me)
})

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const profile = await getProfile(c.var.db, c.var.user.id)
    if (!profile) throw new AppError('NOT_FOUND', { message: 'No profile yet' })
    return c.json(profile)
  })
  .post('/', async (c) => {
    const profile = await ensureProfile(c.var.db, c.var.user)
    return c.json(profile)
  })
