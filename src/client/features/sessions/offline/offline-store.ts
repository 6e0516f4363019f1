import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { Exercise } from '#shared/schemas/plans.ts'
import {
  sessionExerciseOf,
  type LogSetInput,
  type Session,
  type SetLog,
  type StartSessionInput,
  type UpdateSessionInput,
} from '#shared/schemas/sessions.ts'
import { enqueue, queuedItems, type QueueItem } from '#client/lib/offline-queue/queue.ts'

/**
 * The gym's safety net (docs/offline-queue.md): every change to a session goes into the app's
 * offline queue first, then to the server. This device also keeps the latest snapshot of each
 * session it has shown, so the logger opens with no signal.
 */
export const SET_KIND = 'session-set'
export const PATCH_KIND = 'session-patch'
export const START_KIND = 'session-start'

/** A session started on this device with no signal: created on the server, once, when the signal returns. */
export type SessionStart = StartSessionInput & { id: string }

/** A set logged (or logged again with new values), or deleted; its id is the queue key, so the latest wins. */
export type SetChange = { sessionId: string; setId: string } & (
  | { action: 'log'; body: LogSetInput }
  | { action: 'delete'; /** When the lifter deleted it (ms, this device). */ deletedAt: number }
)
/** The session's exercise list and notes: one waiting change holds the latest of both. */
export type SessionPatch = { sessionId: string; body: UpdateSessionInput }

export type SessionChange = QueueItem<SetChange> | QueueItem<SessionPatch>

export const queueSetChange = (userId: string, change: SetChange) => enqueue(userId, SET_KIND, change.setId, change)
// The patch keeps its place in line: an added exercise reaches the server before the sets logged on it.
export const queueSessionPatch = (userId: string, patch: SessionPatch) =>
  enqueue(userId, PATCH_KIND, patch.sessionId, patch)

/** What a session starts from, as this device knows it: a planned day, a workout, or nothing. */
export type SessionSource = {
  title: string
  exercises: readonly Exercise[]
  planned?: { planWorkoutId: string; planId: string; planName: string; week: number; day: number }
  workoutId?: string
}

/**
 * Starts a session on this device (no signal, or no server): it is made here as the server would
 * make it, shown from this device's copy, and its start waits in the queue ahead of the sets
 * logged on it. The start carries the session's id and exercises (their keys are what the sets
 * name), and the server keeps them.
 */
export async function startOnDevice(userId: string, id: string, source: SessionSource): Promise<Session> {
  const session: Session = {
    id,
    clientId: userId,
    planWorkoutId: source.planned?.planWorkoutId ?? null,
    planId: source.planned?.planId ?? null,
    workoutId: source.workoutId ?? null,
    title: source.title,
    planName: source.planned?.planName ?? null,
    week: source.planned?.week ?? null,
    day: source.planned?.day ?? null,
    status: 'in_progress',
    startedAt: new Date().toISOString(),
    completedAt: null,
    correctedAt: null,
    rpe: null,
    notes: null,
    exercises: source.exercises.map(sessionExerciseOf),
    removedExercises: [],
    removedSets: [],
    sets: [],
    comments: [],
  }
  await saveSnapshot(userId, session)
  const start: SessionStart = {
    id,
    ...(source.planned ? { planWorkoutId: source.planned.planWorkoutId } : {}),
    ...(source.workoutId ? { workoutId: source.workoutId } : {}),
    exercises: session.exercises,
    title: source.title,
  }
  await enqueue(userId, START_KIND, id, start)
  return session
}

export function sessionChanges(items: readonly QueueItem[], sessionId?: string): SessionChange[] {
  return items.filter(
    (item): item is SessionChange =>
      (item.kind === SET_KIND || item.kind === PATCH_KIND) &&
      (!sessionId || (item.payload as { sessionId: string }).sessionId === sessionId),
  )
}

export const isSetChange = (item: SessionChange): item is QueueItem<SetChange> => item.kind === SET_KIND

/** Whether this session was started on this device and its start still waits to reach the server. */
export async function startWaiting(userId: string, sessionId: string): Promise<boolean> {
  return (await queuedItems(userId)).some(
    (item) => item.kind === START_KIND && !item.refused && (item.payload as SessionStart).id === sessionId,
  )
}

/** Sets of the session the server has not stored yet: still waiting, and refused (kept for the lifter to fix or remove). */
export async function unsavedSets(userId: string, sessionId?: string): Promise<{ waiting: number; refused: number }> {
  const sets = sessionChanges(await queuedItems(userId), sessionId).filter(isSetChange)
  const refused = sets.filter((item) => item.refused).length
  return { waiting: sets.length - refused, refused }
}

interface SnapshotDb extends DBSchema {
  sessions: { key: string; value: { id: string; userId: string; session: Session; savedAt: number } }
  /** Where changes waited before the app had one queue: moved into it once, then left empty. */
  pending: { key: string; value: LegacyChange; indexes: { byUser: string } }
}

type LegacyChange =
  | { id: string; userId: string; sessionId: string; queuedAt: number; kind: 'set'; setId: string; body: LogSetInput }
  | {
      id: string
      userId: string
      sessionId: string
      queuedAt: number
      kind: 'delete-set'
      setId: string
      deletedAt?: number
    }
  | { id: string; userId: string; sessionId: string; queuedAt: number; kind: 'patch'; body: UpdateSessionInput }

let opened: Promise<IDBPDatabase<SnapshotDb>> | null = null
function db(): Promise<IDBPDatabase<SnapshotDb>> {
  opened ??= openDB<SnapshotDb>('coachline-training', 1, {
    upgrade(database) {
      database.createObjectStore('sessions', { keyPath: 'id' })
      database.createObjectStore('pending', { keyPath: 'id' }).createIndex('byUser', 'userId')
    },
  })
  return opened
}

/** Moves changes an earlier version of the app left waiting on this device into the queue, in their order. */
export async function adoptLegacyChanges(userId: string): Promise<void> {
  const database = await db()
  const waiting = (await database.getAllFromIndex('pending', 'byUser', userId)).sort((a, b) => a.queuedAt - b.queuedAt)
  for (const change of waiting) {
    if (change.kind === 'patch') await queueSessionPatch(userId, { sessionId: change.sessionId, body: change.body })
    else if (change.kind === 'set')
      await queueSetChange(userId, {
        sessionId: change.sessionId,
        setId: change.setId,
        action: 'log',
        body: change.body,
      })
    else
      await queueSetChange(userId, {
        sessionId: change.sessionId,
        setId: change.setId,
        action: 'delete',
        deletedAt: change.deletedAt ?? change.queuedAt,
      })
    await database.delete('pending', change.id)
  }
}

/** Keeps the session on this device (nothing on a device without IndexedDB, such as the server drawing the screen). */
export async function saveSnapshot(userId: string, session: Session): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  await (await db()).put('sessions', { id: session.id, userId, session, savedAt: Date.now() })
}

export async function readSnapshot(userId: string, sessionId: string): Promise<Session | null> {
  const row = await (await db()).get('sessions', sessionId)
  return row && row.userId === userId ? row.session : null
}

/** The session as the server sent it, with this device's unsent changes on top (refused ones too: they stay on screen, marked). */
export function applyPending(session: Session, items: readonly QueueItem[]): Session {
  let next = session
  for (const change of sessionChanges(items, session.id)) {
    if (!isSetChange(change)) {
      const { body } = change.payload
      next = {
        ...next,
        ...(body.exercises ? { exercises: body.exercises } : {}),
        ...(body.notes !== undefined ? { notes: body.notes ?? null } : {}),
      }
      continue
    }
    const set = change.payload
    next =
      set.action === 'delete'
        ? { ...next, sets: next.sets.filter((s) => s.id !== set.setId) }
        : { ...next, sets: upsertSet(next, set.setId, set.body) }
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
    setType: body.setType ?? 'working',
    note: body.note ?? null,
    editedAt: body.editedAt,
  }
  const others = session.sets.filter((s) => s.id !== setId)
  return [...others, set].sort((a, b) => a.setNumber - b.setNumber)
}
