/*
 * The movement library's rows as the API returns them, the search text and words a movement
 * leaves, reading movements (one, or many for logging) and seeding the built-ins. Searching is in
 * movement-search.service.ts, a coach's own movements in own-movements.service.ts.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { BuiltinMovement, Equipment, Movement } from '#shared/schemas/movements.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import {
  movements,
  planWorkouts,
  prescriptions,
  searchWords,
  trainingPlans,
  workouts,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { sharedWithClient } from '#server/features/workouts/workout-access.ts'

export const columns = {
  id: movements.id,
  ownerId: movements.ownerId,
  name: movements.name,
  aliases: movements.aliases,
  pattern: movements.pattern,
  primaryMuscles: movements.primaryMuscles,
  secondaryMuscles: movements.secondaryMuscles,
  equipment: movements.equipment,
  tracking: movements.tracking,
  unilateral: movements.unilateral,
  instructions: movements.instructions,
  videoUrl: movements.videoUrl,
  archivedAt: movements.archivedAt,
}

type Row = {
  [K in keyof typeof columns]:
    (typeof columns)[K]['_']['data'] | ((typeof columns)[K]['_']['notNull'] extends true ? never : null)
}

export function toMovement({ archivedAt, ...row }: Row): Movement {
  return { ...row, archived: archivedAt !== null }
}

/** Name and aliases, lowercased, each between bars: 'romanian deadlift|rdl|romanian dl'. */
export function searchTextOf(name: string, aliases: string[]): string {
  return [name, ...aliases]
    .map((text) => text.replaceAll('|', ' '))
    .join('|')
    .toLowerCase()
}

/** The words typo tolerance can correct to: letters only, three or more of them. */
function wordsOf(texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => text.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 3))]
}

export async function rememberWords(db: Db, texts: string[]): Promise<void> {
  const words = wordsOf(texts)
  if (words.length)
    await db
      .insert(searchWords)
      .values(words.map((word) => ({ word })))
      .onConflictDoNothing()
}

/**
 * Movements an actor may see: the built-in library and their own (a coach's library; a client's
 * own come from importing their history, docs/import.md).
 */
export function visibleTo(actor: Actor): SQL {
  return or(isNull(movements.ownerId), eq(movements.ownerId, actor.id)) as SQL
}

/** Of these movements, the ones the actor may log against (built-in or their own), by id. */
export async function movementsForLogging(
  db: Db,
  actor: Actor,
  ids: readonly string[],
): Promise<Map<string, Pick<Movement, 'id' | 'name' | 'tracking' | 'equipment'>>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: movements.id, name: movements.name, tracking: movements.tracking, equipment: movements.equipment })
    .from(movements)
    .where(and(inArray(movements.id, [...new Set(ids)]), visibleTo(actor)))
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Whether someone else's movement is prescribed in something the actor may read: a plan
 * assigned to them, a template their active coach shares with them, or their own copy of one.
 * (Search still lists only the built-ins and one's own; this is for reading one movement, e.g.
 * its instructions and video from a workout.)
 */
async function isPrescribedToActor(db: Db, actor: Actor, movementId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .leftJoin(planWorkouts, eq(planWorkouts.id, prescriptions.planWorkoutId))
    .leftJoin(trainingPlans, eq(trainingPlans.id, planWorkouts.planId))
    .leftJoin(workouts, eq(workouts.id, prescriptions.workoutId))
    .where(
      and(
        eq(prescriptions.movementId, movementId),
        or(eq(trainingPlans.clientId, actor.id), eq(workouts.ownerId, actor.id), sharedWithClient(actor.id)),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Readable: a built-in, one's own, or one prescribed to the actor by their coach. */
export async function findVisible(db: Db, actor: Actor, id: string): Promise<Movement> {
  const [row] = await db.select(columns).from(movements).where(eq(movements.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Movement not found' })
  if (row.ownerId !== null && row.ownerId !== actor.id && !(await isPrescribedToActor(db, actor, id))) {
    throw new AppError('FORBIDDEN', { message: 'This movement belongs to another coach' })
  }
  return toMovement(row)
}

/**
 * What a session shows of these movements, by id: their equipment (a barbell gets the plate
 * calculator) and how to do them (instructions, demo link). No access check: callers pass the
 * movements of something the actor already reads (a session's exercises).
 */
export async function libraryOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { equipment: Equipment[]; instructions: string; videoUrl: string | null }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: movements.id,
      equipment: movements.equipment,
      instructions: movements.instructions,
      videoUrl: movements.videoUrl,
    })
    .from(movements)
    .where(inArray(movements.id, [...new Set(ids)]))
  return new Map(rows.map(({ id, ...row }) => [id, row]))
}

export async function getMovement(db: Db, actor: Actor, id: string): Promise<Movement> {
  return findVisible(db, actor, id)
}

/**
 * The built-in library, upserted by slug in one statement at every start: a new release adds
 * and corrects built-ins; coaches' own movements (no slug) are never touched.
 */
export async function seedBuiltinMovements(db: Db, library: BuiltinMovement[]): Promise<void> {
  if (!library.length) return
  await db
    .insert(movements)
    .values(
      library.map(({ slug, ...m }) => ({ ...m, slug, ownerId: null, searchText: searchTextOf(m.name, m.aliases) })),
    )
    .onConflictDoUpdate({
      target: movements.slug,
      set: {
        name: sql`excluded.name`,
        aliases: sql`excluded.aliases`,
        pattern: sql`excluded.pattern`,
        primaryMuscles: sql`excluded.primary_muscles`,
        secondaryMuscles: sql`excluded.secondary_muscles`,
        equipment: sql`excluded.equipment`,
        tracking: sql`excluded.tracking`,
        unilateral: sql`excluded.unilateral`,
        instructions: sql`excluded.instructions`,
        searchText: sql`excluded.search_text`,
        updatedAt: sql`now()`,
      },
    })
  await rememberWords(
    db,
    library.flatMap((m) => [m.name, ...m.aliases]),
  )
}
