import * as z from 'zod/mini'

export const ROLES = ['coach', 'client'] as const
export const EXPERIENCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const
export const UNITS = ['kg', 'lb'] as const

export const DISPLAY_NAME_MAX = 80

export const ProfileSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  displayName: z.string(),
  primaryGoal: z.nullable(z.string()),
  experienceLevel: z.nullable(z.enum(EXPERIENCE_LEVELS)),
  unit: z.enum(UNITS),
})
export type Profile = z.infer<typeof ProfileSchema>

export const MeSchema = z.object({
  user: z.nullable(
    z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
    }),
  ),
  profile: z.nullable(ProfileSchema),
})
export type Me = z.infer<typeof MeSchema>

/** The automatic profile's name: the part of the email before the @, or 'User' (SPEC.md section 4). */
export function defaultDisplayName(email: string): string {
  const local = email.split('@')[0]?.trim() ?? ''
  return (local || 'User').slice(0, DISPLAY_NAME_MAX)
}
