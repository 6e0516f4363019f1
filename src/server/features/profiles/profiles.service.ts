import { eq } from 'drizzle-orm'
import { defaultDisplayName, type Profile } from '#shared/schemas/profiles.ts'
import type { Db } from '../../db/client.ts'
import { profiles } from '../../db/schema/index.ts'

const profileColumns = {
  id: profiles.id,
  role: profiles.role,
  displayName: profiles.displayName,
  primaryGoal: profiles.primaryGoal,
  experienceLevel: profiles.experienceLevel,
  unit: profiles.unit,
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.id, userId))
  return row ?? null
}

/**
 * The automatic profile of SPEC.md section 4: created as a client, named after the email's
 * local part (or 'User'). An existing profile is returned unchanged; concurrent calls create one.
 */
export async function ensureProfile(db: Db, user: { id: string; email: string }): Promise<Profile> {
  await db
    .insert(profiles)
    .values({ id: user.id, role: 'client', displayName: defaultDisplayName(user.email) })
    .onConflictDoNothing()
  const profile = await getProfile(db, user.id)
  if (!profile) throw new Error(`profile of ${user.id} vanished`)
  return profile
}
