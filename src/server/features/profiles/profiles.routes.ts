import { Hono } from 'hono'
import { UpdateProfileBody } from '#shared/schemas/profile-update.ts'
import { SaveProfileBody, type Me } from '#shared/schemas/profiles.ts'
import type { AppEnv } from '#server/context.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile, requireUser } from '#server/middleware/sign-in.ts'
import { activeCoachOf, becomeCoach, ensureProfile, getProfile, saveProfile, updateProfile } from './profiles.service.ts'

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
  // The automatic profile (docs/product.md#signing-in-and-landing): built from the user's email, never from the body.
  .post('/', async (c) => c.json(await ensureProfile(c.var.db, c.var.user)))
  // /create-profile
  .put('/', validate('json', SaveProfileBody), async (c) => c.json(await saveProfile(c.var.db, c.var.user.id, c.req.valid('json'))))
  // The account page
  .patch('/', requireProfile(), validate('json', UpdateProfileBody), async (c) => c.json(await updateProfile(c.var.db, c.var.user.id, c.req.valid('json'))))
  .get('/coach', requireProfile(), async (c) => c.json({ coach: await activeCoachOf(c.var.db, c.var.user.id) }))
  .post('/become-coach', requireProfile('client'), async (c) => c.json(await becomeCoach(c.var.db, c.var.user.id)))
