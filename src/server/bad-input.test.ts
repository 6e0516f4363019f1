import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { API_TOKEN_NAME_MAX, apiTokenText } from '#shared/schemas/api-tokens.ts'
import { coachClients, progressionProposals } from '#server/db/schema/index.ts'
import { createTestApp, jsonHeaders, signIn, TEST_ADMIN_SECRET, uniqueEmail, type SignedIn, type TestContext } from '../../tests/helpers/test-app.ts'

/**
 * The bad-input sweep, one level deeper than app.test.ts: every route that takes a JSON body gets
 * a body that is valid for it, then the same body with one field at a time made hostile (a lone
 * UTF-16 surrogate, a huge string, a NUL, numbers out of every range, a huge array, an empty
 * object), and then the right body in the wrong content type. Whatever gets through, the answer
 * must be a client error (or a success), never a server error and never a hang.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

type Fixtures = {
  coach: SignedIn
  client: SignedIn
  /** A user who edits their own profile (not shared, so renames do not disturb the others). */
  user: SignedIn
  movementId: string
  planId: string
  planWorkoutId: string
  /** A plan of `client`'s own, with one workout (self-coached). */
  ownPlanId: string
  sessionId: string
  sessionExercises: Json[]
  exerciseKey: string
  setId: string
  /** A session `client` finished just now (correctable for 48 hours), with one logged set. */
  finished: { sessionId: string; exerciseKey: string; setId: string }
  workoutId: string
  planVersion: () => Promise<number>
  workoutVersion: () => Promise<number>
  newSession: () => Promise<string>
  /** Makes a pending progression proposal on the plan assigned to `client`. */
  newProposal: () => Promise<string>
}

type JsonRoute = {
  method: string
  /** The registered path, to check that the table covers every route. */
  route: string
  path: (fx: Fixtures) => string | Promise<string>
  /** Who calls it: a caller allowed to, so that the body gets as far as it can. */
  as: (fx: Fixtures) => Record<string, string>
  /** A valid body, made anew for each request (versions move on as saves land). */
  body: (fx: Fixtures) => Json | Promise<Json>
}

const headersOf = (who?: SignedIn) => jsonHeaders(who)
const operator = () => ({ ...jsonHeaders(), authorization: `Bearer ${TEST_ADMIN_SECRET}` })

const EXERCISE: Json = {
  movementId: '',
  superset: 'A',
  restSeconds: 90,
  tempo: '30X1',
  notes: 'Brace',
  progression: { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 },
  sets: [
    { reps: { min: 5, max: 8 }, load: { kind: 'kg', value: 60 }, rpe: 8, rir: 2, durationSeconds: 30, distanceMeters: 100 },
    { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 75 } },
  ],
}
const workoutContent = (fx: Fixtures): Json => ({ title: 'Day one', notes: 'Warm up first', exercises: [{ ...(EXERCISE as object), movementId: fx.movementId }] })
const MOVEMENT: Json = {
  name: 'Tempo goblet squat',
  aliases: ['goblet'],
  pattern: 'squat',
  primaryMuscles: ['quads'],
  secondaryMuscles: ['glutes'],
  equipment: ['kettlebell'],
  tracking: 'weight_reps',
  unilateral: false,
  instructions: 'Sit between the heels.',
  videoUrl: 'https://example.test/squat',
}
const moveBody = async (fx: Fixtures): Promise<Json> => ({ version: await fx.planVersion(), saveId: crypto.randomUUID(), from: { week: 1, day: 1 }, to: { week: 2, day: 1 } })

const JSON_ROUTES: JsonRoute[] = [
  {
    method: 'PUT',
    route: '/api/profile',
    path: () => '/api/profile',
    as: (fx) => headersOf(fx.user),
    body: () => ({ displayName: 'Renamed', primaryGoal: 'strength', experienceLevel: 'Beginner' }),
  },
  {
    method: 'PATCH',
    route: '/api/profile',
    path: () => '/api/profile',
    as: (fx) => headersOf(fx.user),
    body: () => ({
      displayName: 'Renamed',
      primaryGoal: 'strength',
      experienceLevel: 'Beginner',
      unit: 'kg',
      messageDigest: true,
      plateSetups: { kg: { plateStep: 1.25, bar: 20, plates: [25, 20, 10, 5, 2.5, 1.25] }, lb: { plateStep: 2.5, bar: 45, plates: [45, 25, 10, 5, 2.5] } },
    }),
  },
  ...['verify-email', 'magic-link', 'reset-token'].map((name) => ({
    method: 'POST',
    route: `/api/account/${name}`,
    path: () => `/api/account/${name}`,
    as: () => jsonHeaders(),
    body: () => ({ token: 'not-a-real-token' }),
  })),
  { method: 'POST', route: '/api/movements', path: () => '/api/movements', as: (fx) => headersOf(fx.coach), body: () => MOVEMENT },
  { method: 'PATCH', route: '/api/movements/:id', path: (fx) => `/api/movements/${fx.movementId}`, as: (fx) => headersOf(fx.coach), body: () => MOVEMENT },
  {
    method: 'POST',
    route: '/api/plans',
    path: () => '/api/plans',
    as: (fx) => headersOf(fx.coach),
    body: () => ({ name: 'Base block', goal: 'Strength', description: 'Four weeks', weeks: 4, daysPerWeek: 3 }),
  },
  {
    method: 'PATCH',
    route: '/api/plans/:id',
    path: (fx) => `/api/plans/${fx.planId}`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({
      version: await fx.planVersion(),
      saveId: crypto.randomUUID(),
      name: 'Renamed',
      goal: 'Strength',
      description: 'More',
      deloadWeeks: [4],
      isTemplate: false,
      progression: { kind: 'rpe', overPercent: 5, underPercent: 2.5 },
      progressionMode: 'approve',
      deload: { loadPercent: 20, setsRemoved: 1 },
    }),
  },
  {
    method: 'PUT',
    route: '/api/plans/:id/days/:week/:day',
    path: (fx) => `/api/plans/${fx.planId}/days/1/1`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ version: await fx.planVersion(), saveId: crypto.randomUUID(), workout: workoutContent(fx) }),
  },
  { method: 'POST', route: '/api/plans/:id/copy-day', path: (fx) => `/api/plans/${fx.planId}/copy-day`, as: (fx) => headersOf(fx.coach), body: moveBody },
  { method: 'POST', route: '/api/plans/:id/move-day', path: (fx) => `/api/plans/${fx.planId}/move-day`, as: (fx) => headersOf(fx.coach), body: moveBody },
  {
    method: 'POST',
    route: '/api/plans/:id/copy-week',
    path: (fx) => `/api/plans/${fx.planId}/copy-week`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ version: await fx.planVersion(), saveId: crypto.randomUUID(), fromWeek: 1, toWeeks: [2, 3], progression: { kind: 'add_kg', amount: 2.5, unit: 'kg' } }),
  },
  { method: 'POST', route: '/api/plans/:id/copy', path: (fx) => `/api/plans/${fx.planId}/copy`, as: (fx) => headersOf(fx.coach), body: () => ({ name: 'Copy', isTemplate: true }) },
  {
    method: 'POST',
    route: '/api/plans/:id/assign',
    path: (fx) => `/api/plans/${fx.planId}/assign`,
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({ clientId: fx.client.id, startDate: '2026-12-07', trainingDays: [2, 4, 6] }),
  },
  {
    method: 'PUT',
    route: '/api/plans/:id/training-days',
    path: (fx) => `/api/plans/${fx.planId}/training-days`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ version: await fx.planVersion(), saveId: crypto.randomUUID(), trainingDays: [1, 3, 5] }),
  },
  {
    method: 'POST',
    route: '/api/plans/:id/start',
    path: (fx) => `/api/plans/${fx.ownPlanId}/start`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ startDate: '2026-12-07', trainingDays: [1, 3, 5] }),
  },
  {
    method: 'POST',
    route: '/api/sessions',
    path: () => '/api/sessions',
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({
      id: crypto.randomUUID(),
      planWorkoutId: fx.planWorkoutId,
      exercises: fx.sessionExercises.map((e) => ({ ...(e as object), key: crypto.randomUUID() })),
      title: 'Day one',
    }),
  },
  {
    method: 'PATCH',
    route: '/api/sessions/:id',
    path: (fx) => `/api/sessions/${fx.sessionId}`,
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({ exercises: fx.sessionExercises, notes: 'Knees felt good' }),
  },
  {
    method: 'PUT',
    route: '/api/sessions/:id/sets/:setId',
    path: (fx) => `/api/sessions/${fx.sessionId}/sets/${crypto.randomUUID()}`,
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({
      exerciseKey: fx.exerciseKey,
      setNumber: 1,
      reps: 5,
      loadKg: 60,
      rpe: 8,
      durationSeconds: 30,
      distanceMeters: 100,
      completed: true,
      note: 'Easy',
      editedAt: new Date().toISOString(),
    }),
  },
  // The same route again, as an older edit of a logged set arriving late (it is kept in history).
  {
    method: 'PUT',
    route: '/api/sessions/:id/sets/:setId',
    path: (fx) => `/api/sessions/${fx.sessionId}/sets/${fx.setId}`,
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({ exerciseKey: fx.exerciseKey, setNumber: 1, reps: 3, loadKg: 50, rpe: 7, completed: true, note: 'Late', editedAt: '2020-01-01T00:00:00.000Z' }),
  },
  // The same route again, as a correction of a finished session's set.
  {
    method: 'PUT',
    route: '/api/sessions/:id/sets/:setId',
    path: (fx) => `/api/sessions/${fx.finished.sessionId}/sets/${fx.finished.setId}`,
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({ exerciseKey: fx.finished.exerciseKey, setNumber: 1, reps: 4, loadKg: 62.5, rpe: 9, completed: true, note: 'Typo', editedAt: new Date().toISOString() }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/finish',
    path: async (fx) => `/api/sessions/${await fx.newSession()}/finish`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ rpe: 8, notes: 'Done' }),
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/comments',
    path: (fx) => `/api/sessions/${fx.sessionId}/comments`,
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({ body: 'Nice work', setLogId: fx.setId }),
  },
  {
    method: 'PUT',
    route: '/api/body-weights/:date',
    path: () => `/api/body-weights/${new Date().toISOString().slice(0, 10)}`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ weightKg: 80.25 }),
  },
  {
    method: 'POST',
    route: '/api/invites/accept',
    path: () => '/api/invites/accept',
    as: (fx) => headersOf(fx.user),
    body: () => ({ token: 'not-a-real-token', today: '2026-12-07' }),
  },
  { method: 'POST', route: '/api/invites', path: () => '/api/invites', as: (fx) => headersOf(fx.coach), body: (fx) => ({ email: uniqueEmail('invitee'), planId: fx.planId }) },
  { method: 'POST', route: '/api/workouts', path: () => '/api/workouts', as: (fx) => headersOf(fx.coach), body: (fx) => ({ ...(workoutContent(fx) as object), isTemplate: true }) },
  {
    method: 'PUT',
    route: '/api/workouts/:id',
    path: (fx) => `/api/workouts/${fx.workoutId}`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ ...(workoutContent(fx) as object), version: await fx.workoutVersion(), saveId: crypto.randomUUID(), isTemplate: true }),
  },
  {
    method: 'POST',
    route: '/api/workouts/:id/copy',
    path: (fx) => `/api/workouts/${fx.workoutId}/copy`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ title: 'Mine', isTemplate: false }),
  },
  { method: 'POST', route: '/api/admin/set-role', path: () => '/api/admin/set-role', as: operator, body: (fx) => ({ email: fx.user.email, role: 'client' }) },
  {
    method: 'POST',
    route: '/api/chat/:otherId/messages',
    path: (fx) => `/api/chat/${fx.coach.id}/messages`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ id: crypto.randomUUID(), body: 'Hello coach' }),
  },
  {
    method: 'POST',
    route: '/api/progression/preview',
    path: () => '/api/progression/preview',
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({
      clientId: fx.client.id,
      movementId: fx.movementId,
      rule: { kind: 'percent_e1rm', linkedMovementId: fx.movementId },
      sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 75 }, rpe: 8 }],
    }),
  },
  {
    method: 'POST',
    route: '/api/progression/proposals/approve',
    path: () => '/api/progression/proposals/approve',
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ ids: [await fx.newProposal()] }),
  },
  {
    method: 'POST',
    route: '/api/progression/proposals/dismiss',
    path: () => '/api/progression/proposals/dismiss',
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({ ids: [await fx.newProposal()] }),
  },
  { method: 'POST', route: '/api/chat/:otherId/read', path: (fx) => `/api/chat/${fx.client.id}/read`, as: (fx) => headersOf(fx.coach), body: () => ({ upTo: 1 }) },
  // better-auth's endpoints, behind the gate that reads their bodies first.
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/sign-up/email',
    as: () => jsonHeaders(),
    body: () => ({ email: uniqueEmail('signup'), password: 'Passw0rd!', name: 'New Lifter' }),
  },
  { method: 'POST', route: '/api/auth/*', path: () => '/api/auth/sign-in/email', as: () => jsonHeaders(), body: (fx) => ({ email: fx.user.email, password: 'Passw0rd!' }) },
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/request-password-reset',
    as: () => jsonHeaders(),
    body: (fx) => ({ email: fx.user.email, redirectTo: 'http://127.0.0.1:3000/auth/reset' }),
  },
  { method: 'POST', route: '/api/auth/*', path: () => '/api/auth/reset-password', as: () => jsonHeaders(), body: () => ({ newPassword: 'Passw0rd!2', token: 'not-a-real-token' }) },
  { method: 'POST', route: '/api/auth/*', path: () => '/api/auth/update-user', as: (fx) => headersOf(fx.user), body: () => ({ name: 'Renamed' }) },
  // A personal API token (past the cap of tokens per account the valid body answers 409, still a 4xx).
  { method: 'POST', route: '/api/tokens', path: () => '/api/tokens', as: (fx) => headersOf(fx.user), body: () => ({ name: 'Sweep token', scope: 'read-write' }) },
]

/** Test names: better-auth's routes share one pattern, so theirs show the endpoint. */
const CASES = JSON_ROUTES.map((route, index) => {
  const where = route.route === '/api/auth/*' ? String(route.path(undefined as never)) : route.route
  return [`${route.method} ${where} (${index})`, route] as const
})

/** Routes that take no body at all (their input is the path). */
const BODILESS = [
  'POST /api/profile',
  'POST /api/profile/become-coach',
  'POST /api/movements/:id/archive',
  'POST /api/movements/:id/restore',
  'POST /api/movements/:id/copy',
  'POST /api/plans/:id/archive',
  'POST /api/plans/:id/restore',
  'DELETE /api/plans/:id',
  'DELETE /api/sessions/:id/sets/:setId',
  'DELETE /api/body-weights/:date',
  'POST /api/sessions/:id/discard',
  'POST /api/sessions/:id/comments/read',
  'POST /api/clients/:clientId/archive',
  'POST /api/invites/:id/resend',
  'POST /api/invites/:id/revoke',
  'POST /api/workouts/:id/archive',
  'POST /api/workouts/:id/restore',
  'DELETE /api/workouts/:id',
  'DELETE /api/tokens/:id',
]

type Path = (string | number)[]

/** Every place in a value a mutation can go: the value itself, and everything inside it. */
function pathsOf(value: Json, at: Path = []): { path: Path; value: Json }[] {
  const here = [{ path: at, value }]
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))]
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))]
  return here
}

const LONE_SURROGATE = '\ud800'

/** What a hostile client puts in place of one value. */
function hostileFor(value: Json): { label: string; value: Json }[] {
  if (typeof value === 'string') {
    return [
      { label: 'a lone surrogate', value: LONE_SURROGATE },
      { label: 'a lone surrogate inside text', value: `ab${LONE_SURROGATE}cd` },
      { label: '100,000 characters', value: 'x'.repeat(100_000) },
      { label: 'a NUL', value: 'a\u0000b' },
    ]
  }
  if (typeof value === 'number') {
    return [
      { label: '-1e308', value: -1e308 },
      { label: '1e308', value: 1e308 },
      { label: 'a string', value: '5' },
      { label: 'null', value: null },
    ]
  }
  if (typeof value === 'boolean')
    return [
      { label: 'a string', value: 'true' },
      { label: 'null', value: null },
    ]
  if (Array.isArray(value)) return value.length ? [{ label: '10,000 elements', value: Array.from({ length: 10_000 }, () => value[0] ?? null) }] : []
  if (value && typeof value === 'object') return [{ label: 'an empty object', value: {} }]
  return []
}

function replaced(value: Json, path: Path, by: Json): Json {
  if (!path.length) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, by) : item))
  if (value && typeof value === 'object' && typeof head === 'string') return { ...value, [head]: replaced(value[head] ?? null, rest, by) }
  return value
}

/** An answer that takes this long is a hang. */
const HANG_MS = 15_000

async function answer(request: Promise<Response>, label: string): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${HANG_MS} ms`)), HANG_MS)
  })
  try {
    return await Promise.race([request, hang])
  } finally {
    clearTimeout(timer)
  }
}

/** Sends a request; the answer's status, its body read (never a 5xx). */
async function send(path: string, init: RequestInit, label: string): Promise<{ status: number; text: string }> {
  const res = await answer(Promise.resolve(t.app.request(path, init)), label)
  return { status: res.status, text: await res.text() }
}

let t: TestContext
let fx: Fixtures

beforeAll(async () => {
  // The sweep signs up and in many times from one address: the per-IP limits would answer 429
  // before the bodies reach the code behind them.
  t = await createTestApp({
    RATE_LIMIT_SIGN_IN_PER_IP: '100000',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '100000',
    RATE_LIMIT_FAILED_SIGN_IN_PER_ACCOUNT: '100000',
    RATE_LIMIT_SIGN_UP_PER_IP: '100000',
    RATE_LIMIT_EMAIL_PER_IP: '100000',
    RATE_LIMIT_EMAIL_PER_ADDRESS: '100000',
  })
  const coach = await signIn(t, { role: 'coach' })
  const client = await signIn(t, { role: 'client' })
  const user = await signIn(t, { role: 'client' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
  const call = async <T>(who: SignedIn, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await t.app.request(path, { method, headers: jsonHeaders(who), body: body === undefined ? undefined : JSON.stringify(body) })
    if (res.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const movementId = (await call<{ id: string }>(coach, 'POST', '/api/movements', MOVEMENT)).id
  const planId = (await call<{ id: string }>(coach, 'POST', '/api/plans', { name: 'Sweep plan', weeks: 4, daysPerWeek: 3 })).id
  const planVersion = async () => (await call<{ version: number }>(coach, 'GET', `/api/plans/${planId}`)).version
  const partial = { coach, client, user, movementId } as Fixtures
  await call(coach, 'PUT', `/api/plans/${planId}/days/1/1`, { version: await planVersion(), workout: workoutContent(partial) })
  // The client trains a copy of it, assigned to them.
  const source = (await call<{ id: string }>(coach, 'POST', '/api/plans', { name: 'Assigned plan', weeks: 4, daysPerWeek: 3 })).id
  await call(coach, 'PUT', `/api/plans/${source}/days/1/1`, { version: 1, workout: workoutContent(partial) })
  const assigned = await call<{ id: string }>(coach, 'POST', `/api/plans/${source}/assign`, { clientId: client.id, startDate: '2026-12-07' })
  const planWorkoutId = (await call<{ workouts: { id: string }[] }>(coach, 'GET', `/api/plans/${assigned.id}`)).workouts[0]?.id ?? ''
  const session = await call<{ id: string; exercises: (Json & { key: string })[] }>(client, 'POST', '/api/sessions', { planWorkoutId })
  const exerciseKey = session.exercises[0]?.key ?? ''
  const setId = crypto.randomUUID()
  await call(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, { exerciseKey, setNumber: 1, reps: 5, loadKg: 60, editedAt: new Date().toISOString() })
  const finishedId = (await call<{ id: string }>(client, 'POST', '/api/sessions', {})).id
  const finished = { sessionId: finishedId, exerciseKey: crypto.randomUUID(), setId: crypto.randomUUID() }
  // A built-in movement: a lifter adds only movements they may read.
  const squatId = (await call<{ items: { id: string }[] }>(client, 'GET', '/api/movements?q=back%20squat')).items[0]?.id
  await call(client, 'PATCH', `/api/sessions/${finishedId}`, { exercises: [{ ...(session.exercises[0] as object), key: finished.exerciseKey, movementId: squatId }] })
  await call(client, 'PUT', `/api/sessions/${finishedId}/sets/${finished.setId}`, {
    exerciseKey: finished.exerciseKey,
    setNumber: 1,
    reps: 5,
    loadKg: 60,
    editedAt: new Date().toISOString(),
  })
  await call(client, 'POST', `/api/sessions/${finishedId}/finish`, {})
  const ownPlanId = (await call<{ id: string }>(client, 'POST', '/api/plans', { name: 'My own block', weeks: 4, daysPerWeek: 3 })).id
  await call(client, 'PUT', `/api/plans/${ownPlanId}/days/1/1`, { version: 1, workout: { title: 'Day one', exercises: [] } })
  const workoutId = (await call<{ id: string }>(coach, 'POST', '/api/workouts', { ...(workoutContent(partial) as object), isTemplate: true })).id
  fx = {
    ...partial,
    planId,
    planWorkoutId,
    ownPlanId,
    sessionId: session.id,
    sessionExercises: session.exercises,
    exerciseKey,
    setId,
    finished,
    workoutId,
    planVersion,
    workoutVersion: async () => (await call<{ version: number }>(coach, 'GET', `/api/workouts/${workoutId}`)).version,
    newSession: async () => (await call<{ id: string }>(client, 'POST', '/api/sessions', {})).id,
    newProposal: async () => {
      const [row] = await t.db
        .insert(progressionProposals)
        .values({ planId: assigned.id, planWorkoutId, movementId, clientId: client.id, fromSets: [], toSets: [], reason: '+1 rep' })
        .returning({ id: progressionProposals.id })
      return row?.id ?? ''
    },
  }
  if (!planWorkoutId || !exerciseKey) throw new Error('fixture: the assigned plan has no workout')
})
afterAll(() => t.close())

test('the sweep covers every route that takes a body', () => {
  const registered = inspectRoutes(t.app)
    .filter((r) => !r.isMiddleware && r.path.startsWith('/api') && r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}`)
  const covered = [...JSON_ROUTES.map((r) => `${r.method} ${r.route}`), ...BODILESS]
  expect(
    registered.filter((r) => !covered.includes(r)),
    'routes missing from the sweep',
  ).toEqual([])
})

test('each base body is valid for its route', async () => {
  for (const route of JSON_ROUTES) {
    const path = await route.path(fx)
    const res = await send(path, { method: route.method, headers: route.as(fx), body: JSON.stringify(await route.body(fx)) }, `${route.method} ${path}`)
    // Tokens and the plan's already-assigned client are made up: those answer 4xx on purpose.
    if (/not-a-real-token/.test(JSON.stringify(await route.body(fx)))) expect(res.status, `${route.method} ${path}: ${res.text}`).toBeLessThan(500)
    else expect(res.status, `${route.method} ${path}: ${res.text}`).toBeLessThan(300)
  }
})

describe('one hostile field at a time answers < 500', () => {
  test.each(CASES)(
    '%s',
    async (_name, route) => {
      const failures: string[] = []
      for (const { path: at, value } of pathsOf(await route.body(fx))) {
        for (const hostile of hostileFor(value)) {
          const path = await route.path(fx)
          const body = replaced(await route.body(fx), at, hostile.value)
          const label = `${route.method} ${path} with ${at.join('.') || 'the body'} as ${hostile.label}`
          const res = await send(path, { method: route.method, headers: route.as(fx), body: JSON.stringify(body) }, label)
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`)
          else if (res.status >= 400 && !ApiErrorBodySchema.safeParse(JSON.parse(res.text)).success) failures.push(`${label}: ${res.status} not an error body`)
          // Text that cannot be stored as sent is refused by name, never saved mangled.
          else if (hostile.value === LONE_SURROGATE || hostile.label === 'a lone surrogate inside text') {
            const fields = res.status === 400 ? ApiErrorBodySchema.parse(JSON.parse(res.text)).fields : undefined
            if (!fields?.[at.join('.')]) failures.push(`${label}: ${res.status} does not name the field ${res.text.slice(0, 200)}`)
          }
        }
      }
      expect(failures).toEqual([])
    },
    120_000,
  )
})

const NOT_JSON = ['text/plain', 'a form', 'multipart', 'a JSON body without a content type']

describe('a JSON route sent another content type answers < 500', () => {
  test.each(CASES)(
    '%s',
    async (_name, route) => {
      const failures: string[] = []
      const json = JSON.stringify(await route.body(fx))
      const { 'content-type': _json, ...headers } = route.as(fx)
      const variants: [string, RequestInit][] = [
        ['text/plain', { headers: { ...headers, 'content-type': 'text/plain' }, body: json }],
        ['a form', { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&notes=y' }],
        [
          'multipart',
          { headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
        ],
        ['no body and no content type', { headers }],
        ['a JSON body without a content type', { headers, body: new TextEncoder().encode(json) }],
        // Deeper than any call stack, and still under the body size limit.
        ['JSON nested 400,000 deep', { headers: route.as(fx), body: `${'['.repeat(400_000)}${']'.repeat(400_000)}` }],
        ['a field nested 400,000 deep', { headers: route.as(fx), body: `{"name":${'['.repeat(400_000)}${']'.repeat(400_000)}}` }],
      ]
      for (const [label, init] of variants) {
        const path = await route.path(fx)
        const res = await send(path, { method: route.method, ...init }, `${route.method} ${path} with ${label}`)
        const where = `${route.method} ${path} with ${label}: ${res.status} ${res.text.slice(0, 200)}`
        if (res.status >= 500) failures.push(where)
        else if (res.status >= 400 && !ApiErrorBodySchema.safeParse(JSON.parse(res.text)).success) failures.push(`${where} (not an error body)`)
        // Our own routes take JSON alone: a body in another format is refused, never read as "no fields".
        else if (!route.route.startsWith('/api/auth/') && NOT_JSON.includes(label) && res.status !== 415) failures.push(`${where} (expected 415)`)
      }
      expect(failures).toEqual([])
    },
    60_000,
  )
})

describe('personal API tokens refuse bad input by name and make nothing', () => {
  test.each([
    ['no name', { scope: 'read' }, 'name', apiTokenText.nameRequired],
    ['a blank name', { name: '   ', scope: 'read' }, 'name', apiTokenText.nameRequired],
    ['a name too long', { name: 'x'.repeat(API_TOKEN_NAME_MAX + 1), scope: 'read' }, 'name', apiTokenText.nameTooLong],
    ['a name of 1 MB', { name: 'x'.repeat(1_000_000), scope: 'read' }, undefined, undefined],
    ['an unknown scope', { name: 'Script', scope: 'admin' }, 'scope', apiTokenText.scopeInvalid],
    ['no scope', { name: 'Script' }, 'scope', apiTokenText.scopeInvalid],
  ] as const)('%s', async (_label, body, field, message) => {
    const owner = await signIn(t)
    const res = await t.app.request('/api/tokens', { method: 'POST', headers: jsonHeaders(owner), body: JSON.stringify(body) })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const error = ApiErrorBodySchema.parse(await res.json())
    if (field && message) expect(error.fields?.[field]).toContain(message)
    expect(await (await t.app.request('/api/tokens', { headers: jsonHeaders(owner) })).json()).toEqual([])
  })

  test('revoking a token by a malformed or unknown id answers 400 or 404 and revokes nothing', async () => {
    const owner = await signIn(t)
    const made = await t.app.request('/api/tokens', { method: 'POST', headers: jsonHeaders(owner), body: JSON.stringify({ name: 'Keep', scope: 'read' }) })
    expect(made.status).toBe(201)
    for (const [id, status] of [
      ['not-a-uuid', 400],
      [encodeURIComponent('x'.repeat(5000)), 400],
      [crypto.randomUUID(), 404],
    ] as const) {
      const res = await t.app.request(`/api/tokens/${id}`, { method: 'DELETE', headers: jsonHeaders(owner) })
      expect(res.status).toBe(status)
      ApiErrorBodySchema.parse(await res.json())
    }
    expect(await (await t.app.request('/api/tokens', { headers: jsonHeaders(owner) })).json()).toHaveLength(1)
  })

  test('a hostile bearer value is a 401, never a 500', async () => {
    for (const value of [
      'Bearer coachline_pat_%00',
      `Bearer ${'coachline_pat_'.padEnd(100_000, 'a')}`,
      'Bearer coachline_pat_\u00ff\u00fe',
      'bearer    ',
      'Bearer a b c',
      "Bearer coachline_pat_' or 1=1 --",
    ]) {
      const res = await t.app.request('/api/sessions', { headers: { authorization: value } })
      expect(res.status, value.slice(0, 40)).toBe(401)
      ApiErrorBodySchema.parse(await res.json())
    }
  })
})
