import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import { UpdateProfileBody } from '#shared/schemas/profile-update.ts'
import { type Me, MeSchema, ProfileSchema, SaveProfileBody } from '#shared/schemas/profiles.ts'
import { CoachCardSchema } from '#shared/schemas/sessions.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import {
  profileOfUser,
  forgetChangedProfile,
  requireProfile,
  requireSignInSession,
  requireUser,
} from '#server/middleware/sign-in.ts'
import { activeCoachOf, becomeCoach, ensureProfile, saveProfile, updateProfile } from './profiles.service.ts'

const route = apiRoutes.profile

/** Who am I: the signed-in user and their profile, or `{ user: null }` for a visitor. */
export const meRoutes = new Hono<AppEnv>().get(
  apiRoutes.me.own,
  doc({ summary: 'Who am I: the signed-in user and their profile (nulls for a visitor)', response: MeSchema }),
  async (c) => {
    const user = c.var.user
    if (!user) return c.json({ user: null, profile: null } satisfies Me)
    const profile = await profileOfUser(c.var, user.id)
    return c.json({
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
      profile,
    } satisfies Me)
  },
)

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(forgetChangedProfile)
  .get(route.own, doc({ summary: 'Your profile', response: ProfileSchema }), async (c) => {
    const profile = await profileOfUser(c.var, c.var.user.id)
    if (!profile) throw new AppError('NOT_FOUND', { message: 'No profile yet' })
    return c.json(profile)
  })
  // The automatic profile (docs/product.md#signing-in-and-landing): built from the user's email, never from the body.
  .post(
    route.own,
    doc({ summary: 'Make your profile from your account if you have none (idempotent)', response: ProfileSchema }),
    async (c) => c.json(await ensureProfile(c.var.db, c.var.user)),
  )
  // /create-profile
  .put(
    route.own,
    doc({ summary: 'Save your profile', response: ProfileSchema }),
    validate('json', SaveProfileBody),
    async (c) => c.json(await saveProfile(c.var.db, c.var.user.id, c.req.valid('json'))),
  )
  // The account page
  .patch(
    route.own,
    doc({ summary: 'Change some fields of your profile (unit, plate setups, chat emails…)', response: ProfileSchema }),
    requireProfile(),
    validate('json', UpdateProfileBody),
    async (c) => c.json(await updateProfile(c.var.db, c.var.user.id, c.req.valid('json'))),
  )
  .get(
    route.coach,
    doc({ summary: 'Your active coach, if any', response: CoachCardSchema }),
    requireProfile(),
    async (c) => c.json({ coach: await activeCoachOf(c.var.db, c.var.user.id) }),
  )
  // A role change that cannot be undone: a sign-in session's alone, never an API token's.
  .post(
    route.becomeCoach,
    doc({
      summary: 'Turn your client account into a coach account (clients without a coach)',
      response: ProfileSchema,
    }),
    requireSignInSession,
    requireProfile('client'),
    async (c) => c.json(await becomeCoach(c.var.db, c.var.user.id)),
  )
