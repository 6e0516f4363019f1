import { eq, sql } from 'drizzle-orm'
import type { Role } from '#shared/paths.ts'
import type { UpdateProfileInput } from '#shared/schemas/profile-update.ts'
import { defaultDisplayName, type Profile, type SaveProfileInput } from '#shared/schemas/profiles.ts'
import { getProfile } from '#server/access/callers.ts'
import { activeLink, hasActiveCoach } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { coachClients, profiles, users } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { setCurrentGymPlates } from '#server/features/gyms/gyms.service.ts'

async function mustGetProfile(db: Db, userId: string): Promise<Profile> {
  const profile = await getProfile(db, userId)
  if (!profile) throw new AppError('NOT_FOUND', { message: 'No profile yet' })
  return profile
}

/**
 * The automatic profile (docs/product.md#signing-in-and-landing): created as a client, named after the email's
 * local part (or 'User'). An existing profile is returned unchanged; concurrent calls create one.
 */
export async function ensureProfile(db: Db, user: { id: string; email: string }): Promise<Profile> {
  await db
    .insert(profiles)
    .values({ id: user.id, role: 'client', displayName: defaultDisplayName(user.email) })
    .onConflictDoNothing()
  return mustGetProfile(db, user.id)
}

/** /create-profile: creates the profile as a client, or updates name, goal, level and (when given) the unit. Never the role. */
export async function saveProfile(db: Db, userId: string, input: SaveProfileInput): Promise<Profile> {
  const fields = {
    displayName: input.displayName,
    primaryGoal: input.primaryGoal || null,
    experienceLevel: input.experienceLevel ?? null,
    ...(input.unit ? { unit: input.unit } : {}),
  }
  await db
    .insert(profiles)
    .values({ id: userId, role: 'client', ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: fields })
  return mustGetProfile(db, userId)
}

export async function updateProfile(
  db: Db,
  userId: string,
  { plateSetups, ...input }: UpdateProfileInput,
): Promise<Profile> {
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  )
  if ('primaryGoal' in fields && !fields.primaryGoal) fields.primaryGoal = null
  // One unit's setup replaces that unit's only: the other unit's stays as the lifter left it. The
  // plates are those of the gym the lifter trains at now, when they chose one.
  if (plateSetups && Object.keys(plateSetups).length) {
    const gym = await setCurrentGymPlates(db, userId, plateSetups)
    if (!gym)
      fields.plateSetups = sql`coalesce(${profiles.plateSetups}, '{}'::jsonb) || ${JSON.stringify(plateSetups)}::jsonb`
  }
  if (Object.keys(fields).length) await db.update(profiles).set(fields).where(eq(profiles.id, userId))
  return mustGetProfile(db, userId)
}

/** The client's active coach, for their home screen's coach card; null without one. */
export async function activeCoachOf(
  db: Db,
  clientId: string,
): Promise<{ id: string; displayName: string; since: string } | null> {
  const [row] = await db
    .select({ id: coachClients.coachId, displayName: profiles.displayName, since: coachClients.since })
    .from(coachClients)
    .innerJoin(profiles, eq(profiles.id, coachClients.coachId))
    .where(activeLink({ clientId }))
  return row ? { ...row, since: row.since.toISOString() } : null
}

/** A client without an active coach may turn their account into a coach's (docs/product.md#roles-and-authorization). */
export async function becomeCoach(db: Db, userId: string): Promise<Profile> {
  await db.transaction(async (tx) => {
    // Locked like an invite's accept locks it, so the two cannot both go through.
    const [profile] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update')
    if (!profile) throw new AppError('NOT_FOUND', { message: 'No profile yet' })
    if (profile.role === 'coach') return
    if (await hasActiveCoach(tx, userId)) {
      throw new AppError('CONFLICT', { message: 'A client with an active coach cannot become a coach' })
    }
    await tx.update(profiles).set({ role: 'coach' }).where(eq(profiles.id, userId))
  })
  return mustGetProfile(db, userId)
}

/** The operators' CLI: sets the role of the user with this email, creating their profile if needed. */
export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<Profile> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
  if (!user) throw new AppError('NOT_FOUND', { message: `No user with the email ${email}` })
  await ensureProfile(db, user)
  await db.update(profiles).set({ role }).where(eq(profiles.id, user.id))
  return mustGetProfile(db, user.id)
}
