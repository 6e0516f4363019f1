import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

export const ROLES = ['coach', 'client'] as const
export const EXPERIENCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const
export const UNITS = ['kg', 'lb'] as const

const DISPLAY_NAME_MAX = 80

export const ProfileSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    role: z.enum(ROLES),
    displayName: z.string(),
    primaryGoal: z.nullable(z.string()),
    experienceLevel: z.nullable(z.enum(EXPERIENCE_LEVELS)),
    unit: z.enum(UNITS),
    /** Email me unread chat messages older than 30 minutes (decision 011); on by default. */
    messageDigest: z.boolean(),
    /** Bar, plates and plate step per unit: read with plateSetupOf (plate-setups.ts, which /auth does not load). */
    plateSetups: z.unknown(),
    /** The IANA time zone the app last reported from the lifter's device; null until it has (and in a device's copy saved before). */
    timeZone: z._default(z.nullable(z.string()), null),
    /** The gym the lifter trains at now (its plates are `plateSetups`); null with none chosen, and in an older copy. */
    gym: z._default(z.nullable(z.object({ id: z.string(), name: z.string(), equipment: z.array(z.string()) })), null),
  }),
)
export type Profile = z.infer<typeof ProfileSchema>

export const MeSchema = lazySchema(() =>
  z.object({
    user: z.nullable(
      z.object({
        id: z.string(),
        email: z.string(),
        emailVerified: z.boolean(),
      }),
    ),
    profile: z.nullable(ProfileSchema),
  }),
)
export type Me = z.infer<typeof MeSchema>

/** The automatic profile's name: the part of the email before the @, or 'User' (docs/product.md#signing-in-and-landing). */
export function defaultDisplayName(email: string): string {
  const local = email.split('@')[0]?.trim() ?? ''
  return (local || 'User').slice(0, DISPLAY_NAME_MAX)
}

export const displayNameField = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Display name is required'),
      z.maxLength(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`),
    ),
)
export const primaryGoalField = lazySchema(() =>
  z.nullable(z.string().check(z.trim(), z.maxLength(200, 'Primary goal must be at most 200 characters'))),
)

/** /create-profile: a display name, and optionally a goal and a level (which we save). */
export const SaveProfileBody = lazySchema(() =>
  z.object({
    displayName: displayNameField,
    primaryGoal: z.optional(primaryGoalField),
    experienceLevel: z.optional(z.nullable(z.enum(EXPERIENCE_LEVELS))),
    unit: z.optional(z.enum(UNITS)),
  }),
)
export type SaveProfileInput = z.infer<typeof SaveProfileBody>
