import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type {
  BuiltinMovement,
  CreateMovementInput,
  Equipment,
  ListMovementsInput,
  Movement,
  MovementPage,
  UpdateMovementInput,
} from '#shared/schemas/movements.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { queryRows } from '#server/db/client.ts'
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
import { STAPLE_SLUGS } from './builtin-movements.ts'

const columns = {
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

function toMovement({ archivedAt, ...row }: Row): Movement {
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
 * For each word of the query, the known words it may be a typo of (trigram similarity, on the
 * small words table): 'romanain' -> 'romanian'. One round trip for the whole query.
 */
async function correctionsFor(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const typoProne = tokens.filter((token) => token.length >= 4)
  const corrections = new Map<string, string[]>()
  if (!typoProne.length) return corrections
  const rows = await queryRows<{ token: string; word: string }>(
    db,
    sql`select t.token, w.word
      from (values ${sql.join(
        typoProne.map((token) => sql`(${token})`),
        sql`, `,
      )}) as t(token)
      cross join lateral (
        select word from search_words
        where word % t.token and word <> t.token
        order by similarity(word, t.token) desc, word
        limit 3
      ) w`,
  )
  for (const { token, word } of rows) corrections.set(token, [...(corrections.get(token) ?? []), word])
  return corrections
}

/**
 * Movements an actor may see: the built-in library and their own (a coach's library; a client's
 * own come from importing their history, docs/import.md).
 */
function visibleTo(actor: Actor): SQL {
  return or(isNull(movements.ownerId), eq(movements.ownerId, actor.id)) as SQL
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * Search by name and aliases, typo-tolerant through pg_trgm, ranked as a lifter reads names, whose
 * last word says what the movement is: an exact name or alias first; then names that end with the
 * query ('squat': Back squat, Front squat); names that begin with it; aliases that begin or end
 * with it; the query anywhere; the rest (typos corrected). Among equals, the staples first
 * (STAPLE_SLUGS), then by name.
 */
export async function listMovements(db: Db, actor: Actor, input: ListMovementsInput): Promise<MovementPage> {
  const q = (input.q ?? '').toLowerCase()
  const filters: SQL[] = [visibleTo(actor)]
  filters.push(input.archived === 'only' ? isNotNull(movements.archivedAt) : isNull(movements.archivedAt))
  if (input.scope === 'builtin') filters.push(isNull(movements.ownerId))
  if (input.scope === 'own') filters.push(eq(movements.ownerId, actor.id))
  if (input.pattern) filters.push(eq(movements.pattern, input.pattern))
  if (input.equipment) filters.push(sql`${movements.equipment} @> array[${input.equipment}]::text[]`)
  if (input.muscle) {
    filters.push(
      sql`(${movements.primaryMuscles} @> array[${input.muscle}]::text[] or ${movements.secondaryMuscles} @> array[${input.muscle}]::text[])`,
    )
  }

  const order: SQL[] = []
  if (q) {
    // Every word of the query must appear, as typed or as a known word it may be a typo of.
    const tokens = [...new Set(q.split(/\s+/).filter(Boolean))]
    const corrections = await correctionsFor(db, tokens)
    for (const token of tokens) {
      const spellings = [token, ...(corrections.get(token) ?? [])]
      filters.push(
        or(...spellings.map((spelling) => sql`${movements.searchText} like ${`%${escapeLike(spelling)}%`}`)) as SQL,
      )
    }
    // Hyphens read as spaces ('pull up' is Pull-up). With the bars of search_text, exact and
    // prefix matches of any name or alias are plain LIKEs.
    const words = escapeLike(q.replaceAll('-', ' ').replace(/\s+/g, ' ').trim())
    const bars = sql`'|' || replace(${movements.searchText}, '-', ' ') || '|'`
    const name = sql`'|' || replace(lower(${movements.name}), '-', ' ')`
    order.push(sql`case
      when ${bars} like ${`%|${words}|%`} then 0
      when ${name} like ${`|% ${words}`} then 1
      when ${name} like ${`|${words}%`} then 2
      when ${bars} like ${`%|${words}%`} or ${bars} like ${`% ${words}|%`} then 3
      when ${bars} like ${`%${words}%`} then 4
      else 5 end`)
    order.push(
      sql`case when ${movements.slug} in (${sql.join(
        STAPLE_SLUGS.map((slug) => sql`${slug}`),
        sql`, `,
      )}) then 0 else 1 end`,
    )
  }

  const rows = await db
    .select(columns)
    .from(movements)
    .where(and(...filters))
    .orderBy(...order, asc(movements.name), asc(movements.id))
    .limit(input.limit + 1)
    .offset(input.offset)
  const hasMore = rows.length > input.limit
  return { items: rows.slice(0, input.limit).map(toMovement), nextOffset: hasMore ? input.offset + input.limit : null }
}

/** One name to find movements for: as written, without its equipment, and that equipment. */
export type MovementGuess = { text: string; plain: string; equipment: Equipment | null }

export type MovementSuggestion = Pick<Movement, 'id' | 'name' | 'ownerId' | 'tracking'> & { score: number }

/**
 * The movements (built-in or the actor's own, not archived) closest to each of many names, for
 * mapping another app's exercise names: pg_trgm's word similarity against names and aliases (by
 * the trigram index), then the name's own similarity, then a bonus when the equipment matches.
 * One round trip for all names, so callers send a few at a time; each gets up to `limit`, best
 * first, with its score.
 */
export async function suggestMovements(
  db: Db,
  actor: Actor,
  guesses: MovementGuess[],
  limit = 5,
): Promise<Map<number, MovementSuggestion[]>> {
  const found = new Map<number, MovementSuggestion[]>()
  if (!guesses.length) return found
  const rows = await queryRows<{
    i: number
    id: string
    name: string
    owner_id: string | null
    tracking: Movement['tracking']
    score: number
  }>(
    db,
    sql`select t.i, m.id, m.name, m.owner_id, m.tracking, m.score
      from (values ${sql.join(
        guesses.map(
          (g, i) =>
            sql`(${i}::int, ${g.text.toLowerCase()}::text, ${g.plain.toLowerCase()}::text, ${g.equipment ?? ''}::text)`,
        ),
        sql`, `,
      )}) as t(i, q, plain, equipment)
      cross join lateral (
        select id, name, owner_id, tracking,
          greatest(word_similarity(t.q, search_text), word_similarity(t.plain, search_text))
            + 0.5 * greatest(similarity(lower(name), t.q), similarity(lower(name), t.plain))
            + case when t.equipment <> '' and t.equipment = any(equipment) then 0.3 else 0 end as score
        from movements
        where (owner_id is null or owner_id = ${actor.id}) and archived_at is null
          and (t.q <% search_text or t.plain <% search_text)
        order by score desc, name
        limit ${limit}
      ) m
      order by t.i, m.score desc, m.name`,
  )
  for (const row of rows) {
    const list = found.get(row.i) ?? []
    list.push({ id: row.id, name: row.name, ownerId: row.owner_id, tracking: row.tracking, score: Number(row.score) })
    found.set(row.i, list)
  }
  return found
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
async function findVisible(db: Db, actor: Actor, id: string): Promise<Movement> {
  const [row] = await db.select(columns).from(movements).where(eq(movements.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Movement not found' })
  if (row.ownerId !== null && row.ownerId !== actor.id && !(await isPrescribedToActor(db, actor, id))) {
    throw new AppError('FORBIDDEN', { message: 'This movement belongs to another coach' })
  }
  return toMovement(row)
}

/**
 * The equipment of these movements, by id. No access check: callers pass the movements of
 * something the actor already reads (a session's exercises), and equipment is all it tells.
 */
export async function equipmentOf(db: Db, ids: readonly string[]): Promise<Map<string, Equipment[]>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: movements.id, equipment: movements.equipment })
    .from(movements)
    .where(inArray(movements.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row.equipment]))
}

export async function getMovement(db: Db, actor: Actor, id: string): Promise<Movement> {
  return findVisible(db, actor, id)
}

async function findOwn(db: Db, actor: Actor, id: string): Promise<Movement> {
  const movement = await findVisible(db, actor, id)
  if (movement.ownerId === null)
    throw new AppError('FORBIDDEN', { message: 'Built-in movements cannot be changed; copy one instead' })
  if (movement.ownerId !== actor.id)
    throw new AppError('FORBIDDEN', { message: 'This movement belongs to another coach' })
  return movement
}

function fieldsOf(input: UpdateMovementInput) {
  const { videoUrl, ...rest } = input
  return { ...rest, ...(videoUrl !== undefined ? { videoUrl: videoUrl || null } : {}) }
}

export async function createMovement(db: Db, actor: Actor, input: CreateMovementInput): Promise<Movement> {
  const [row] = await db
    .insert(movements)
    .values({
      ...fieldsOf(input),
      name: input.name,
      pattern: input.pattern,
      tracking: input.tracking,
      ownerId: actor.id,
      searchText: searchTextOf(input.name, input.aliases),
    })
    .returning(columns)
  if (!row) throw new Error('insert returned nothing')
  await rememberWords(db, [input.name, ...input.aliases])
  return toMovement(row)
}

export async function updateMovement(db: Db, actor: Actor, id: string, input: UpdateMovementInput): Promise<Movement> {
  const current = await findOwn(db, actor, id)
  const name = input.name ?? current.name
  const aliases = input.aliases ?? current.aliases
  const [row] = await db
    .update(movements)
    .set({ ...fieldsOf(input), searchText: searchTextOf(name, aliases) })
    .where(eq(movements.id, id))
    .returning(columns)
  if (!row) throw new AppError('NOT_FOUND', { message: 'Movement not found' })
  await rememberWords(db, [name, ...aliases])
  return toMovement(row)
}

/** Movements are archived, never deleted: plans and logs may point at them. */
export async function setArchived(db: Db, actor: Actor, id: string, archived: boolean): Promise<Movement> {
  await findOwn(db, actor, id)
  const [row] = await db
    .update(movements)
    .set({ archivedAt: archived ? sql`now()` : null })
    .where(eq(movements.id, id))
    .returning(columns)
  if (!row) throw new AppError('NOT_FOUND', { message: 'Movement not found' })
  return toMovement(row)
}

/** A coach's editable copy of a movement they can see (built-in or their own). */
export async function copyMovement(db: Db, actor: Actor, id: string): Promise<Movement> {
  const source = await findVisible(db, actor, id)
  const [row] = await db
    .insert(movements)
    .values({
      ownerId: actor.id,
      name: source.name,
      aliases: source.aliases,
      pattern: source.pattern,
      primaryMuscles: source.primaryMuscles,
      secondaryMuscles: source.secondaryMuscles,
      equipment: source.equipment,
      tracking: source.tracking,
      unilateral: source.unilateral,
      instructions: source.instructions,
      videoUrl: source.videoUrl,
      searchText: searchTextOf(source.name, source.aliases),
      copiedFromId: source.id,
    })
    .returning(columns)
  if (!row) throw new Error('insert returned nothing')
  return toMovement(row)
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
