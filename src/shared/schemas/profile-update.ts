import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { PlateSetupsPatch } from './plate-setups.ts'
import { displayNameField, EXPERIENCE_LEVELS, primaryGoalField, UNITS } from './profiles.ts'

const TIME_ZONE_TEXT = 'Time zone must be an IANA zone, such as Europe/Berlin'

export const TIME_ZONE_MAX = 64

/** Whether this runtime knows the IANA time zone (Europe/Berlin, America/New_York). */
function isTimeZone(value: string): boolean {
  if (!value || value.length > TIME_ZONE_MAX) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/**
 * The account page: any of the profile's own fields (PATCH /api/profile). Apart from profiles.ts
 * because /auth loads that module, and the plate setups' schemas would weigh on its budget.
 */
export const UpdateProfileBody = lazySchema(() =>
  z.object({
    displayName: z.optional(displayNameField),
    primaryGoal: z.optional(primaryGoalField),
    experienceLevel: z.optional(z.nullable(z.enum(EXPERIENCE_LEVELS))),
    unit: z.optional(z.enum(UNITS)),
    messageDigest: z.optional(z.boolean('messageDigest must be true or false')),
    plateSetups: z.optional(PlateSetupsPatch),
    /** The device's IANA time zone: the app reports it when it changes. */
    timeZone: z.optional(z.string(TIME_ZONE_TEXT).check(z.refine(isTimeZone, TIME_ZONE_TEXT))),
  }),
)
export type UpdateProfileInput = z.infer<typeof UpdateProfileBody>
