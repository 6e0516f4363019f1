import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { PlateSetupsPatch } from './plate-setups.ts'
import { displayNameField, EXPERIENCE_LEVELS, primaryGoalField, UNITS } from './profiles.ts'

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
  }),
)
export type UpdateProfileInput = z.infer<typeof UpdateProfileBody>
