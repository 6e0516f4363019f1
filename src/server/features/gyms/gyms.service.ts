/* Gym profiles: where a lifter trains, with its equipment and plates (docs/gyms.md). */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import {
  gymApiText,
  MAX_GYMS,
  type CreateGymInput,
  type Gym,
  type GymList,
  type UpdateGymInput,
} from '#shared/schemas/gyms.ts'
import { plateSetupsOf, type PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { gymProfiles, profiles } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { isForeignKeyViolation, isUniqueViolation } from '#server/lib/db-errors.ts'

type GymRow = typeof gymProfiles.$inferSelect

const toGym = (row: GymRow): Gym => ({
  id: row.id,
  name: row.name,
  equipment: row.equipment,
  plateSetups: plateSetupsOf(row.plateSetups),
})

const nameTaken = (name: string) =>
  new AppError('CONFLICT', { message: gymApiText.nameTaken(name), fields: { name: [gymApiText.nameTaken(name)] } })

/** A unique name, or the same name twice: the lifter is told which name to change. */
async function named<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name)
    throw error
  }
}

async function ownGym(db: Db, actor: Actor, id: string): Promise<GymRow> {
  const [row] = await db.select().from(gymProfiles).where(eq(gymProfiles.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: gymApiText.notFound })
  if (row.userId !== actor.id) throw new AppError('FORBIDDEN', { message: gymApiText.notYours })
  return row
}

export async function listGyms(db: Db, actor: Actor): Promise<GymList> {
  const [rows, [profile]] = await Promise.all([
    db.select().from(gymProfiles).where(eq(gymProfiles.userId, actor.id)).orderBy(asc(gymProfiles.createdAt)),
    db.select({ gymId: profiles.gymProfileId }).from(profiles).where(eq(profiles.id, actor.id)),
  ])
  return { gyms: rows.map(toGym), currentId: profile?.gymId ?? null }
}

/**
 * A new gym. Its plates start from those the lifter loads now; the first gym becomes the one
 * they train at. The count is taken under a lock on the profile, so two adds at once cannot pass
 * the limit together.
 */
export async function createGym(db: Db, actor: Actor, input: CreateGymInput): Promise<Gym> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ plateSetups: profiles.plateSetups, gymId: profiles.gymProfileId })
      .from(profiles)
      .where(eq(profiles.id, actor.id))
      .for('update')
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(gymProfiles).where(eq(gymProfiles.userId, actor.id))
    if (n >= MAX_GYMS) throw new AppError('CONFLICT', { message: gymApiText.tooMany })
    const current = profile?.gymId ? await tx.select().from(gymProfiles).where(eq(gymProfiles.id, profile.gymId)) : []
    const plates = { ...(current[0]?.plateSetups ?? profile?.plateSetups ?? {}), ...input.plateSetups }
    const [row] = await named(input.name, () =>
      tx
        .insert(gymProfiles)
        .values({ userId: actor.id, name: input.name, equipment: input.equipment, plateSetups: plates })
        .onConflictDoNothing()
        .returning(),
    )
    if (!row) throw nameTaken(input.name)
    if (!profile?.gymId) await tx.update(profiles).set({ gymProfileId: row.id }).where(eq(profiles.id, actor.id))
    return toGym(row)
  })
}

export async function updateGym(db: Db, actor: Actor, id: string, input: UpdateGymInput): Promise<Gym> {
  const gym = await ownGym(db, actor, id)
  const fields: Partial<typeof gymProfiles.$inferInsert> = {}
  if (input.name !== undefined) fields.name = input.name
  if (input.equipment !== undefined) fields.equipment = input.equipment
  const plates = input.plateSetups && Object.keys(input.plateSetups).length ? input.plateSetups : null
  // A change that names nothing changes nothing.
  if (!plates && !Object.keys(fields).length) return toGym(gym)
  const [row] = await named(input.name, () =>
    db
      .update(gymProfiles)
      .set({
        ...fields,
        ...(plates && { plateSetups: sql`${gymProfiles.plateSetups} || ${JSON.stringify(plates)}::jsonb` }),
      })
      .where(and(eq(gymProfiles.id, id), eq(gymProfiles.userId, actor.id)))
      .returning(),
  )
  if (!row) throw new AppError('NOT_FOUND', { message: gymApiText.notFound })
  return toGym(row)
}

/**
 * Removes a gym. Were the lifter training there, they train at no gym in particular now, with the
 * plates they loaded there as their own: the plates they set last are not lost with the gym.
 */
export async function removeGym(db: Db, actor: Actor, id: string): Promise<void> {
  await ownGym(db, actor, id)
  await db.transaction(async (tx) => {
    const [gym] = await tx
      .select({ plateSetups: gymProfiles.plateSetups })
      .from(gymProfiles)
      .where(and(eq(gymProfiles.id, id), eq(gymProfiles.userId, actor.id)))
      .for('update')
    if (!gym) throw new AppError('NOT_FOUND', { message: gymApiText.notFound })
    await tx
      .update(profiles)
      .set({
        plateSetups: sql`coalesce(${profiles.plateSetups}, '{}'::jsonb) || ${JSON.stringify(gym.plateSetups)}::jsonb`,
      })
      .where(and(eq(profiles.id, actor.id), eq(profiles.gymProfileId, id)))
    await tx.delete(gymProfiles).where(eq(gymProfiles.id, id))
  })
}

/** The gym the lifter trains at now (null: none). */
export async function setCurrentGym(db: Db, actor: Actor, gymId: string | null): Promise<GymList> {
  if (gymId) await ownGym(db, actor, gymId)
  try {
    await db.update(profiles).set({ gymProfileId: gymId }).where(eq(profiles.id, actor.id))
  } catch (error) {
    // Removed between the check and the choice.
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', { message: gymApiText.notFound })
    throw error
  }
  return listGyms(db, actor)
}

/**
 * Changes the plates of the gym the lifter trains at now, unit by unit; false when they chose
 * none (their own plates are the profile's then).
 */
export async function setCurrentGymPlates(db: Db, userId: string, plates: PlateSetupsPatch): Promise<boolean> {
  const changed = await db
    .update(gymProfiles)
    .set({ plateSetups: sql`${gymProfiles.plateSetups} || ${JSON.stringify(plates)}::jsonb` })
    .where(
      eq(
        gymProfiles.id,
        sql`(select ${profiles.gymProfileId} from ${profiles} where ${profiles.id} = ${userId} and ${profiles.gymProfileId} is not null)`,
      ),
    )
    .returning({ id: gymProfiles.id })
  return changed.length > 0
}

/** A gym of the lifter's (or the one they train at now, when none is named), for swap suggestions. */
export async function gymForSwaps(
  db: Db,
  actor: Actor,
  gymId: string | undefined,
): Promise<Pick<Gym, 'id' | 'name' | 'equipment'> | null> {
  if (gymId) return ownGym(db, actor, gymId)
  const [row] = await db
    .select({ id: gymProfiles.id, name: gymProfiles.name, equipment: gymProfiles.equipment })
    .from(profiles)
    .innerJoin(gymProfiles, eq(gymProfiles.id, profiles.gymProfileId))
    .where(eq(profiles.id, actor.id))
  return row ?? null
}
