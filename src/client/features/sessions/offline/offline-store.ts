import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { LogSetInput, Session, SetLog, UpdateSessionInput } from '#shared/schemas/sessions.ts'

/**
 * The gym's safety net (docs/product.md#offline-logging): every change to a session is written here first,
 * then sent. `sessions` keeps the latest snapshot of each session as this device knows it;
 * `pending` keeps the changes the server has not confirmed, oldest first.
 */
export type PendingOp =
  | { id: string; userId: string; sessionId: string; queuedAt: number; rev: number; kind: 'set'; setId: string; body: LogSetInput }
  | { id: string; userId: string; sessionId: string; queuedAt: number; rev: number; kind: 'delete-set'; setId: string; /** When the lifter deleted it (ms, this device). */ deletedAt: number }
  | { id: string; userId: string; sessionId: string; queuedAt: number; rev: number; kind: 'patch'; body: UpdateSessionInput }

type NewOp = PendingOp extends infer O ? (O extends PendingOp ? Omit<O, 'id' | 'queuedAt' | 'rev'> : never) : never

interface TrainingDb extends DBSchema {
  sessions: { key: string; value: { id: string; userId: string; session: Session; savedAt: number } }
  pending: { key: string; value: PendingOp; indexes: { byUser: string } }
}

let opened: Promise<IDBPDatabase<TrainingDb>> | null = null
function db(): Promise<IDBPDatabase<TrainingDb>> {
  opened ??= openDB<TrainingDb>('coachline-training', 1, {
    upgrade(database) {
      database.createObjectStore('sessions', { keyPath: 'id' })
      database.createObjectStore('pending', { keyPath: 'id' }).createIndex('byUser', 'userId')
    },
  })
  return opened
}

/** Tells the banners and the sync loop that the queue changed. */
export const offlineEvents = new EventTarget()
const changed = () => offlineEvents.dispatchEvent(new Event('pending-changed'))

const opId = (op: NewOp) => (op.kind === 'patch' ? `patch:${op.sessionId}` : `set:${op.setId}`)

/**
 * Queues a change. A newer change to the same set (or to the session's exercise list) replaces the
 * waiting one but keeps its place in the queue, so an added exercise always reaches the server
 * before the sets logged on it.
 */
export async function enqueue(op: NewOp): Promise<void> {
  const store = (await db()).transaction('pending', 'readwrite').store
  const id = opId(op)
  const existing = await store.get(id)
  await store.put({ ...op, id, queuedAt: existing?.queuedAt ?? Date.now(), rev: (existing?.rev ?? 0) + 1 } as PendingOp)
  changed()
}

export async function pendingOps(userId: string): Promise<PendingOp[]> {
  const all = await (await db()).getAllFromIndex('pending', 'byUser', userId)
  return all.sort((a, b) => a.queuedAt - b.queuedAt)
}

/** Removes a sent change, unless it was replaced by a newer one while it was on its way. */
export async function settle(op: PendingOp): Promise<void> {
  const store = (await db()).transaction('pending', 'readwrite').store
  const current = await store.get(op.id)
  if (current && current.rev === op.rev) await store.delete(op.id)
  changed()
}

export async function pendingSetCount(userId: string, sessionId?: string): Promise<number> {
  const ops = await pendingOps(userId)
  return ops.filter((op) => op.kind !== 'patch' && (!sessionId || op.sessionId === sessionId)).length
}

export async function saveSnapshot(userId: string, session: Session): Promise<void> {
  await (await db()).put('sessions', { id: session.id, userId, session, savedAt: Date.now() })
}

export async function readSnapshot(userId: string, sessionId: string): Promise<Session | null> {
  const row = await (await db()).get('sessions', sessionId)
  return row && row.userId === userId ? row.session : null
}

/** The session as the server sent it, with this device's unsent changes on top. */
export function applyPending(session: Session, ops: PendingOp[]): Session {
  let next = session
  for (const op of ops) {
    if (op.sessionId !== session.id) continue
    if (op.kind === 'patch') next = { ...next, ...(op.body.exercises ? { exercises: op.body.exercises } : {}), ...(op.body.notes !== undefined ? { notes: op.body.notes ?? null } : {}) }
    if (op.kind === 'delete-set') next = { ...next, sets: next.sets.filter((s) => s.id !== op.setId) }
    if (op.kind === 'set') next = { ...next, sets: upsertSet(next, op.setId, op.body) }
  }
  return next
}

/** A set as this device shows it before the server confirms it (targets come from the exercise). */
export function upsertSet(session: Session, setId: string, body: LogSetInput): SetLog[] {
  const exercise = session.exercises.find((e) => e.key === body.exerciseKey)
  const target = exercise?.targets[body.setNumber - 1]
  const set: SetLog = {
    id: setId,
    exerciseKey: body.exerciseKey,
    movementId: exercise?.movementId ?? '',
    setNumber: body.setNumber,
    reps: body.reps ?? null,
    loadKg: body.loadKg ?? null,
    rpe: body.rpe ?? null,
    durationSeconds: body.durationSeconds ?? null,
    distanceMeters: body.distanceMeters ?? null,
    targetRepsMin: target?.reps?.min ?? null,
    targetRepsMax: target?.reps?.max ?? null,
    targetLoadKg: target?.load?.kind === 'kg' ? target.load.value : null,
    targetRpe: target?.rpe ?? null,
    completed: body.completed ?? true,
    note: body.note ?? null,
    editedAt: body.editedAt,
  }
  const others = session.sets.filter((s) => s.id !== setId)
  return [...others, set].sort((a, b) => a.setNumber - b.setNumber)
}
