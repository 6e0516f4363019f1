import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiPaths } from '#shared/api-paths.ts'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { RestoreResultSchema } from '#shared/schemas/data-export.ts'
import {
  planWorkouts,
  prescriptions,
  profiles,
  setLogHistory,
  setLogs,
  trainingPlans,
  workoutSessions,
  workouts,
} from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

/**
 * A restore given what no export holds (docs/export-format.md#restoring): values nested deeper
 * than the format, strings longer than any field, keys the format does not know. Each is refused
 * with a 400 before anything is written, or (unknown keys) dropped, never stored and never a 500.
 */

let t: TestContext

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const AT = '2026-11-26T17:30:00.000Z'
const LATER = '2026-11-26T18:40:00.000Z'
const FILE_USER = 'fixture-user-id'

/** A valid export holding every documented field at least once (docs/export-format.md). */
function fullExport() {
  const movement = { own: id(1), coach: id(2), squat: id(3) }
  const prescribed = {
    reps: { min: 5, max: 8 },
    load: { kind: 'kg', value: 100 },
    rpe: 8,
    rir: 2,
    durationSeconds: 30,
    distanceMeters: 100,
  }
  const exercise = (n: number, movementId: string) => ({
    id: id(n),
    movementId,
    position: 0,
    superset: 'A',
    restSeconds: 90,
    tempo: '30X1',
    notes: 'Brace',
    sets: [prescribed],
    progression: { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 },
    progressionNote: { reason: 'Every set at the top of its range', failures: 0 },
    handEdited: false,
  })
  const sessionExercise = (key: string) => ({
    key,
    movementId: movement.own,
    movementName: 'Own press',
    tracking: 'weight_reps',
    prescriptionId: id(22),
    superset: 'A',
    restSeconds: 90,
    notes: 'Brace',
    targets: [prescribed],
    swappedFrom: { movementId: movement.squat, movementName: 'Back squat' },
    equipment: ['barbell'],
    reason: 'Every set at the top of its range',
    oneRepMaxMovementId: movement.squat,
  })
  const values = {
    exerciseKey: id(40),
    setNumber: 1,
    reps: 5,
    loadKg: 95,
    rpe: 7,
    durationSeconds: null,
    distanceMeters: null,
    completed: true,
    note: 'first try',
    deleted: false,
  }
  return {
    format: 'coachline-export',
    version: 1,
    exportedAt: AT,
    exportedBy: { self: true },
    user: { id: FILE_USER, email: 'ana@example.test', name: 'Ana', createdAt: AT },
    profile: {
      role: 'client',
      displayName: 'Ana Lifter',
      primaryGoal: 'Get strong',
      experienceLevel: 'Intermediate',
      unit: 'kg',
      messageDigest: true,
      plateSetups: {
        kg: { plateStep: 2.5, bar: 20, plates: [25, 20, 10, 5, 2.5, 1.25] },
        lb: { plateStep: 5, bar: 45, plates: [45, 25, 10, 5, 2.5] },
      },
      createdAt: AT,
      updatedAt: AT,
    },
    plans: [
      {
        id: id(10),
        ownedBySubject: true,
        name: 'Base block',
        goal: 'Strength',
        description: 'Four weeks',
        weeks: 4,
        daysPerWeek: 3,
        deloadWeeks: [4],
        isTemplate: false,
        startDate: '2026-12-07',
        trainingDays: [1, 3, 5],
        assigned: false,
        status: 'active',
        version: 3,
        sourcePlanId: id(11),
        progression: { kind: 'rpe', overPercent: 5, underPercent: 2.5 },
        progressionMode: 'apply',
        deload: { loadPercent: 10, setsRemoved: 1 },
        createdAt: AT,
        updatedAt: AT,
        workouts: [
          {
            id: id(21),
            week: 1,
            day: 1,
            title: 'Day one',
            notes: 'Warm up',
            exercises: [
              exercise(22, movement.own),
              {
                ...exercise(23, movement.squat),
                position: 1,
                sets: [{ load: { kind: 'percent_1rm', value: 75 } }, { load: { kind: 'bodyweight' } }],
                progression: { kind: 'double', amount: 2.5, unit: 'kg' },
              },
            ],
          },
        ],
      },
    ],
    workouts: [
      {
        id: id(30),
        title: 'Hotel workout',
        notes: 'No barbell',
        isTemplate: false,
        archivedAt: null,
        version: 1,
        sourceWorkoutId: id(31),
        createdAt: AT,
        updatedAt: AT,
        exercises: [
          { ...exercise(32, movement.squat), progression: { kind: 'percent_e1rm', linkedMovementId: movement.coach } },
        ],
      },
    ],
    bodyWeights: [{ measuredOn: '2026-11-20', weightKg: 81.4 }],
    records: [
      {
        movementId: movement.own,
        bestE1rmKg: 116.67,
        bestE1rmSet: { setId: id(41), reps: 5, loadKg: 100, at: AT },
        heaviestByReps: [{ reps: 5, loadKg: 100, firstAt: AT, setId: id(41) }],
      },
    ],
    sessions: [
      {
        id: id(50),
        planId: id(10),
        planWorkoutId: id(21),
        workoutId: id(30),
        title: 'Day one',
        planName: 'Base block',
        week: 1,
        day: 1,
        status: 'completed',
        startedAt: AT,
        completedAt: LATER,
        rpe: 8,
        notes: 'Good day',
        correctedAt: LATER,
        createdAt: AT,
        updatedAt: LATER,
        exercises: [sessionExercise(id(40))],
        removedExercises: [sessionExercise(id(42))],
        sets: [
          {
            id: id(41),
            exerciseKey: id(40),
            movementId: movement.own,
            prescriptionId: id(22),
            setNumber: 1,
            reps: 5,
            loadKg: 100,
            rpe: 8,
            durationSeconds: 30,
            distanceMeters: 100,
            targetRepsMin: 5,
            targetRepsMax: 8,
            targetLoadKg: 100,
            targetRpe: 8,
            completed: true,
            note: 'Solid',
            editedAt: AT,
            loggedAt: AT,
            deletedAt: null,
            correctedAt: LATER,
            asFinished: {
              exerciseKey: id(40),
              setNumber: 1,
              reps: 4,
              loadKg: 100,
              rpe: 9,
              durationSeconds: null,
              distanceMeters: null,
              completed: true,
              note: null,
            },
          },
        ],
        setHistory: [{ id: id(43), setLogId: id(41), values, editedAt: AT, replacedAt: LATER }],
        comments: [
          {
            id: id(44),
            setLogId: id(41),
            authorId: FILE_USER,
            authorName: 'Ana Lifter',
            body: 'Felt fast',
            createdAt: LATER,
            readAt: LATER,
          },
        ],
      },
    ],
    messages: [
      {
        id: id(60),
        coachId: 'fixture-coach-id',
        clientId: FILE_USER,
        senderId: FILE_USER,
        senderName: 'Ana Lifter',
        body: 'See you Monday',
        createdAt: AT,
        deliveredAt: AT,
        readAt: LATER,
      },
    ],
    movements: [
      {
        id: movement.own,
        builtin: false,
        slug: null,
        ownedBySubject: true,
        name: 'Own press',
        aliases: ['Press'],
        pattern: 'vertical push',
        primaryMuscles: ['front delts'],
        secondaryMuscles: ['triceps'],
        equipment: ['barbell'],
        tracking: 'weight_reps',
        unilateral: false,
        instructions: 'Press it',
        videoUrl: 'https://example.test/press',
        archivedAt: null,
        createdAt: AT,
        updatedAt: AT,
      },
      {
        id: movement.coach,
        builtin: false,
        slug: null,
        ownedBySubject: false,
        name: 'Coach carry',
        aliases: [],
        pattern: 'carry',
        primaryMuscles: ['forearms'],
        secondaryMuscles: [],
        equipment: ['kettlebell'],
        tracking: 'distance_time',
        unilateral: true,
        instructions: '',
        videoUrl: null,
        archivedAt: null,
        createdAt: AT,
        updatedAt: AT,
      },
      {
        id: movement.squat,
        builtin: true,
        slug: 'back-squat',
        ownedBySubject: false,
        name: 'Back squat',
        aliases: [],
        pattern: 'squat',
        primaryMuscles: ['quads'],
        secondaryMuscles: ['glutes'],
        equipment: ['barbell'],
        tracking: 'weight_reps',
        unilateral: false,
        instructions: '',
        videoUrl: null,
        archivedAt: null,
        createdAt: AT,
        updatedAt: AT,
      },
    ],
  }
}

const post = (who: SignedIn, body: string) =>
  t.app.request(apiPaths.dataExport.restore, { method: 'POST', headers: jsonHeaders(who), body })

/** The body of `doc` with the string value `"__HOSTILE__"` replaced by the raw JSON text `hostile`. */
const withHostile = (doc: unknown, hostile: string) => JSON.stringify(doc).replace('"__HOSTILE__"', () => hostile)

/** `{"a":{"a":...1...}}`, `depth` objects deep, as JSON text (built as text: nothing recursive makes it). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

async function countsOf(userId: string) {
  const [row] = await t.db
    .select({
      sessions: sql<number>`(select count(*)::int from ${workoutSessions} where ${workoutSessions.clientId} = ${userId})`,
      sets: sql<number>`(select count(*)::int from ${setLogs} l join ${workoutSessions} s on s.id = l.session_id where s.client_id = ${userId})`,
      plans: sql<number>`(select count(*)::int from ${trainingPlans} where ${trainingPlans.ownerId} = ${userId})`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
  return row
}

describe('a restore bounds the nesting of the file', () => {
  test('a value nested 10,000 or 1,000 deep under an unknown key is refused with 400, nothing written', async () => {
    const restorer = await signIn(t, { role: 'client' })
    for (const depth of [10_000, 1_000, 13]) {
      const doc = fullExport()
      Object.assign(doc.sessions[0]?.exercises[0] ?? {}, { x: '__HOSTILE__' })
      const res = await post(restorer, withHostile(doc, nestedJson(depth)))
      expect(res.status, `depth ${depth}`).toBe(400)
      const body = ApiErrorBodySchema.parse(await res.json())
      expect(body.message, `depth ${depth}`).toMatch(/nested/i)
    }
    expect(await countsOf(restorer.id)).toEqual({ sessions: 0, sets: 0, plans: 0 })
  })

  test('a body a million arrays deep, at the top or in a known field, is a 400 too', async () => {
    const restorer = await signIn(t, { role: 'client' })
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`
    const doc = { ...fullExport(), plans: '__HOSTILE__' }
    for (const body of [withHostile(doc, deep), `{"format":"coachline-export","version":1,"x":${deep}}`]) {
      const res = await post(restorer, body)
      expect(res.status).toBe(400)
      expect(ApiErrorBodySchema.parse(await res.json()).message).toMatch(/nested at most 12 deep/)
    }
    expect(await countsOf(restorer.id)).toEqual({ sessions: 0, sets: 0, plans: 0 })
  })

  test('a file as deep as the format allows is taken', async () => {
    const restorer = await signIn(t, { role: 'client' })
    const res = await post(restorer, JSON.stringify(fullExport()))
    expect(res.status, await res.clone().text()).toBe(200)
    expect(RestoreResultSchema.parse(await res.json())).toMatchObject({
      sessions: 1,
      sets: 1,
      plans: 1,
      workouts: 1,
      comments: 1,
      bodyWeights: 1,
    })
  })
})

describe('a restore keeps only the documented fields', () => {
  test('a 30 MB string under an unknown key is refused with 400', async () => {
    const restorer = await signIn(t, { role: 'client' })
    const doc = fullExport()
    Object.assign(doc.sessions[0]?.exercises[0] ?? {}, { x: 'x'.repeat(30 * 1024 * 1024) })
    const res = await post(restorer, JSON.stringify(doc))
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).message).toMatch(/characters/)
    expect(await countsOf(restorer.id)).toEqual({ sessions: 0, sets: 0, plans: 0 })
  }, 60_000)

  test('keys the format does not know are dropped everywhere, JSON columns included', async () => {
    const restorer = await signIn(t, { role: 'client' })
    // Every object of the file gets a key of its own that no export has.
    const doc = fullExport()
    const pending: unknown[] = [doc]
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      if (Array.isArray(item)) pending.push(...(item as unknown[]))
      else if (item && typeof item === 'object') {
        pending.push(...Object.values(item))
        Object.assign(item, { smuggled: 'kept?' })
      }
    }
    const res = await post(restorer, JSON.stringify(doc))
    expect(res.status, await res.clone().text()).toBe(200)
    const sessions = await t.db.select().from(workoutSessions).where(eq(workoutSessions.clientId, restorer.id))
    const sessionIds = sessions.map((s) => s.id)
    const plans = await t.db.select().from(trainingPlans).where(eq(trainingPlans.ownerId, restorer.id))
    const days = await t.db
      .select()
      .from(planWorkouts)
      .where(
        inArray(
          planWorkouts.planId,
          plans.map((p) => p.id),
        ),
      )
    const ownWorkouts = await t.db.select().from(workouts).where(eq(workouts.ownerId, restorer.id))
    const stored = {
      profile: await t.db.select().from(profiles).where(eq(profiles.id, restorer.id)),
      sessions,
      plans,
      exercises: await t.db
        .select()
        .from(prescriptions)
        .where(
          sql`${prescriptions.planWorkoutId} in ${days.length ? days.map((d) => d.id) : [null]} or ${prescriptions.workoutId} in ${ownWorkouts.length ? ownWorkouts.map((w) => w.id) : [null]}`,
        ),
      sets: await t.db.select().from(setLogs).where(inArray(setLogs.sessionId, sessionIds)),
      history: await t.db.select().from(setLogHistory).where(inArray(setLogHistory.sessionId, sessionIds)),
    }
    expect(stored.sessions).toHaveLength(1)
    expect(stored.exercises).toHaveLength(3)
    expect(stored.history).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain('smuggled')
  })
})

/*
 * The bad-input sweep: every documented field of a valid export (every key of every object in
 * fullExport, every entry of every list), replaced in turn by each hostile value, must be
 * refused with a 4xx and a JSON error body, and write nothing.
 */

type Path = (string | number)[]

/** Every field of `doc`, objects' keys and lists' entries, walked with a stack of its own. */
function fieldPaths(doc: unknown): Path[] {
  const paths: Path[] = []
  const pending: { value: unknown; path: Path }[] = [{ value: doc, path: [] }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : value && typeof value === 'object'
        ? Object.entries(value)
        : []
    for (const [key, child] of children) {
      paths.push([...path, key])
      pending.push({ value: child, path: [...path, key] })
    }
  }
  return paths
}

/** `sessions.0.sets.0.reps` as `sessions[].sets[].reps`: the field whatever the entry. */
const fieldOf = (path: Path) =>
  path
    .map((part) => (typeof part === 'number' ? '[]' : `.${part}`))
    .join('')
    .slice(1)

/** The fields a documented value may be null in (docs/export-format.md: "or null"). */
const NULLABLE = new Set(
  [
    'profile',
    'profile.primaryGoal',
    'profile.experienceLevel',
    'profile.plateSetups',
    'movements[].slug',
    'movements[].videoUrl',
    'movements[].archivedAt',
    'plans[].goal',
    'plans[].description',
    'plans[].startDate',
    'plans[].trainingDays',
    'plans[].sourcePlanId',
    'plans[].progression',
    'plans[].deload',
    'plans[].workouts[].notes',
    'workouts[].notes',
    'workouts[].archivedAt',
    'workouts[].sourceWorkoutId',
    'sessions[].planId',
    'sessions[].planWorkoutId',
    'sessions[].workoutId',
    'sessions[].planName',
    'sessions[].week',
    'sessions[].day',
    'sessions[].completedAt',
    'sessions[].rpe',
    'sessions[].notes',
    'sessions[].correctedAt',
    'sessions[].sets[].prescriptionId',
    'sessions[].sets[].reps',
    'sessions[].sets[].loadKg',
    'sessions[].sets[].rpe',
    'sessions[].sets[].durationSeconds',
    'sessions[].sets[].distanceMeters',
    'sessions[].sets[].targetRepsMin',
    'sessions[].sets[].targetRepsMax',
    'sessions[].sets[].targetLoadKg',
    'sessions[].sets[].targetRpe',
    'sessions[].sets[].note',
    'sessions[].sets[].loggedAt',
    'sessions[].sets[].deletedAt',
    'sessions[].sets[].correctedAt',
    'sessions[].sets[].asFinished',
    'sessions[].setHistory[].replacedAt',
    'sessions[].comments[].setLogId',
    'sessions[].comments[].authorName',
    'sessions[].comments[].readAt',
    'messages[].senderName',
    'messages[].deliveredAt',
    'messages[].readAt',
  ].concat(
    // An exercise, of a plan's day or a standalone workout, and its prescribed sets.
    ['plans[].workouts[].exercises[]', 'workouts[].exercises[]'].flatMap((exercise) => [
      ...[
        'superset',
        'restSeconds',
        'tempo',
        'notes',
        'progression',
        'progressionNote',
        'progression.linkedMovementId',
      ].map((field) => `${exercise}.${field}`),
      ...['reps', 'load', 'rpe', 'rir', 'durationSeconds', 'distanceMeters'].map(
        (field) => `${exercise}.sets[].${field}`,
      ),
    ]),
    // A session's exercise, and the sets it prescribes.
    ['sessions[].exercises[]', 'sessions[].removedExercises[]'].flatMap((exercise) => [
      ...['prescriptionId', 'superset', 'restSeconds', 'notes', 'swappedFrom', 'reason', 'oneRepMaxMovementId'].map(
        (field) => `${exercise}.${field}`,
      ),
      ...['reps', 'load', 'rpe', 'rir', 'durationSeconds', 'distanceMeters'].map(
        (field) => `${exercise}.targets[].${field}`,
      ),
    ]),
    // What a logged set holds, as a corrected set was and as a replaced version was.
    ['sessions[].sets[].asFinished', 'sessions[].setHistory[].values'].flatMap((values) =>
      ['reps', 'loadKg', 'rpe', 'durationSeconds', 'distanceMeters', 'note'].map((field) => `${values}.${field}`),
    ),
  ),
)

/** Lists whose limit is 100,000 entries or more: a list of 100,000 is within it. */
const LONG_LISTS = new Set(['movements', 'workouts', 'bodyWeights', 'records', 'sessions', 'messages'])

describe('the bad-input sweep', () => {
  test('every documented field, given each hostile value, answers 4xx with a JSON error and writes nothing', async () => {
    const restorer = await signIn(t, { role: 'client', displayName: 'Sweep Target' })
    const doc = fullExport()
    // Built once: the large values are JSON text, spliced into each body.
    const hostile: Record<string, string> = {
      null: 'null',
      'a 1 MB string': `"${'x'.repeat(1024 * 1024 + 1)}"`,
      'a negative number': '-1',
      'a number past float range (Infinity)': '1e400',
      'an object 10,000 deep': nestedJson(10_000),
      'a NUL character': '"x\\u0000y"',
      'a lone surrogate': '"x\\ud800y"',
    }
    const wrongType = (value: unknown) =>
      typeof value === 'string'
        ? '12345'
        : typeof value === 'number'
          ? '"12"'
          : typeof value === 'boolean'
            ? '"true"'
            : Array.isArray(value)
              ? '{}'
              : value === null
                ? 'true'
                : '[]'
    const paths = fieldPaths(doc)
    expect(paths.length).toBeGreaterThan(300)
    const failures: string[] = []
    const cases = { sent: 0 }
    for (const path of paths) {
      const field = fieldOf(path)
      const parent = path
        .slice(0, -1)
        .reduce<Record<string | number, unknown>>(
          (at, key) => at[key] as Record<string | number, unknown>,
          doc as never,
        )
      const last = path[path.length - 1] as string | number
      const valid = parent[last]
      const values: [string, string][] = [
        ['the wrong type', wrongType(valid)],
        ...Object.entries(hostile).filter(([name]) => !(name === 'null' && NULLABLE.has(field))),
      ]
      // JSON has no NaN: what a hand-edited file would hold instead is text.
      if (typeof valid === 'number') values.push(['NaN as text', '"NaN"'])
      if (Array.isArray(valid) && !LONG_LISTS.has(field)) {
        const item = JSON.stringify(valid[0] ?? 0)
        values.push([
          'a list of 100,000 entries',
          `[${Array(100_000)
            .fill(item.length <= 20 ? item : '0')
            .join(',')}]`,
        ])
      }
      parent[last] = '__HOSTILE__'
      const body = JSON.stringify(doc)
      parent[last] = valid
      for (const [name, value] of values) {
        cases.sent++
        const res = await post(
          restorer,
          body.replace('"__HOSTILE__"', () => value),
        )
        const text = await res.text()
        const json = (() => {
          try {
            return ApiErrorBodySchema.safeParse(JSON.parse(text)).success
          } catch {
            return false
          }
        })()
        if (
          res.status < 400 ||
          res.status >= 500 ||
          !json ||
          !res.headers.get('content-type')?.includes('application/json')
        ) {
          failures.push(`${field} = ${name}: ${res.status} ${text.slice(0, 200)}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(cases.sent).toBeGreaterThan(3000)
    expect(await countsOf(restorer.id)).toEqual({ sessions: 0, sets: 0, plans: 0 })
    const [profile] = await t.db
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, restorer.id))
    expect(profile?.displayName).toBe('Sweep Target')
  }, 120_000)
})
