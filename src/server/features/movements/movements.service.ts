import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Role } from '#shared/paths.ts'
import type {
  BuiltinMovement,
  CreateMovementInput,
  ListMovementsInput,
  Movement,
  MovementPage,
  UpdateMovementInput,
} from '#shared/schemas/movements.ts'
import type { Db } from '../../db/client.ts'
import { movements } from '../../db/schema/index.ts'
import { AppError } from '../../lib/app-error.ts'

export type Actor = { id: string; role: Role }

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

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | ((typeof columns)[K]['_']['notNull'] extends true ? never : null) }

function toMovement({ archivedAt, ...row }: Row): Movement {
  return { ...row, archived: archivedAt !== null }
}

export function searchTextOf(name: string, aliases: string[]): string {
  return [name, ...aliases].join(' ').toLowerCase()
}

/** Movements an actor may see: the built-in library and, for a coach, their own. */
function visibleTo(actor: Actor): SQL {
  return actor.role === 'coach' ? (or(isNull(movements.ownerId), eq(movements.ownerId, actor.id)) as SQL) : isNull(movements.ownerId)
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * Search by name and aliases, typo-tolerant through pg_trgm, ranked: exact name or alias first,
 * then prefix matches, then substrings, then near misses by word similarity.
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
    filters.push(sql`(${movements.primaryMuscles} @> array[${input.muscle}]::text[] or ${movements.secondaryMuscles} @> array[${input.muscle}]::text[])`)
  }

  const order: SQL[] = []
  if (q) {
    const contains = `%${escapeLike(q)}%`
    const prefix = `${escapeLike(q)}%`
    filters.push(sql`(${movements.searchText} like ${contains} or word_similarity(${q}, ${movements.searchText}) >= 0.45)`)
    order.push(sql`case
      when lower(${movements.name}) = ${q} or ${q} = any(array(select lower(a) from unnest(${movements.aliases}) a)) then 0
      when lower(${movements.name}) like ${prefix} or exists (select 1 from unnest(${movements.aliases}) a where lower(a) like ${prefix}) then 1
      when ${movements.searchText} like ${contains} then 2
      else 3 end`)
    order.push(sql`word_similarity(${q}, ${movements.searchText}) desc`)
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

async function findVisible(db: Db, actor: Actor, id: string): Promise<Movement> {
  const [row] = await db.select(columns).from(movements).where(eq(movements.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Movement not found' })
  if (row.ownerId !== null && row.ownerId !== actor.id) throw new AppError('FORBIDDEN', { message: 'This movement belongs to another coach' })
  return toMovement(row)
}

export async function getMovement(db: Db, actor: Actor, id: string): Promise<Movement> {
  return findVisible(db, actor, id)
}

async function findOwn(db: Db, actor: Actor, id: string): Promise<Movement> {
  const movement = await findVisible(db, actor, id)
  if (movement.ownerId !== actor.id) throw new AppError('FORBIDDEN', { message: 'Built-in movements cannot be changed; copy one instead' })
  return movement
}

function fieldsOf(input: UpdateMovementInput) {
  const { videoUrl, ...rest } = input
  return { ...rest, ...(videoUrl !== undefined ? { videoUrl: videoUrl || null } : {}) }
}

export async function createMovement(db: Db, actor: Actor, input: CreateMovementInput): Promise<Movement> {
  const [row] = await db
    .insert(movements)
    .values({ ...fieldsOf(input), name: input.name, pattern: input.pattern, tracking: input.tracking, ownerId: actor.id, searchText: searchTextOf(input.name, input.aliases) })
    .returning(columns)
  if (!row) throw new Error('insert returned nothing')
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
    .values(library.map(({ slug, ...m }) => ({ ...m, slug, ownerId: null, searchText: searchTextOf(m.name, m.aliases) })))
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
}
