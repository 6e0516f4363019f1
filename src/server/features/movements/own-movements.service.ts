/* A coach's own movements: creating, editing, archiving, and copying one to edit. */
import { eq, sql } from 'drizzle-orm'
import type { CreateMovementInput, Movement, UpdateMovementInput } from '#shared/schemas/movements.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { columns, findVisible, rememberWords, searchTextOf, toMovement } from './movements.service.ts'

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
