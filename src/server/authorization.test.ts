import { createECDH, randomBytes } from 'node:crypto'
import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { apiTokenText } from '#shared/schemas/api-tokens.ts'
import { coachClients, progressionProposals, pushSubscriptions } from '#server/db/schema/index.ts'
import type { OpenApiDocument } from '#server/features/api-docs/openapi.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  withToken,
  type SignedIn,
  type TestContext,
} from '../../tests/helpers/test-app.ts'

/**
 * Who may call each API route. Every registered route must have a row: a route added without
 * one fails this test, so no route skips its authorization check. Each signed-in caller calls
 * twice: with their sign-in cookie, and with a read-write personal API token (docs/api.md),
 * which must get the same answer unless the row refuses tokens. A `sessionOnly` row is a route
 * only a sign-in session may call (requireSignInSession, docs/api.md): a token is refused there
 * whatever its user, and the cookie of a caller the row allows must succeed (2xx).
 */
type Caller = 'anonymous' | 'client' | 'coach' | 'otherCoach' | 'otherClient'
type Via = 'cookie' | 'token'
type Access =
  | 'public' // anyone, signed in or not
  | 'signed-in' // any signed-in user
  | 'client' // a signed-in client
  | 'coach' // a signed-in coach
  | 'owner' // the coach who owns the resource (fixtures make `coach` the owner)
  | 'own-client' // the client the resource belongs to, and their coach
  | 'self' // the client the resource belongs to, alone (their coach reads it but never writes)

type Fixtures = Record<Exclude<Caller, 'anonymous'>, SignedIn> & {
  /** Each signed-in caller with a read-write API token instead of their cookie. */
  tokens: Record<Exclude<Caller, 'anonymous'>, SignedIn>
  /** Makes an API token of this caller's and answers its id (for a row that revokes one). */
  newToken: (caller: Caller) => Promise<string>
  /** A movement of `coach`'s own library. */
  movementId: string
  /** A plan `coach` owns. */
  planId: string
  /** Makes another plan of `coach` (for a row that deletes one). */
  newPlan: () => Promise<string>
  /** Makes a plan of `client`'s own (self-coached) with one workout, ready to start. */
  newOwnPlan: () => Promise<string>
  /** A workout of a plan `coach` assigned to `client`; it prescribes `movementId`. */
  assignedPlanWorkoutId: string
  /** A standalone workout template of `coach`, shared with `client`. */
  formId: string
  /** Makes another standalone workout of `coach`. */
  newWorkout: () => Promise<string>
  /** Makes a pending invite of `coach` into `planId`. */
  newInvite: () => Promise<string>
  /** Invites this email into `planId` as `coach`; answers the token of the invite's link. */
  inviteTokenFor: (email: string) => Promise<string>
  /** Makes another active client of `coach` (for a row that ends the link). */
  newClient: () => Promise<string>
  /** A session `client` started from the plan `coach` assigned them. */
  sessionId: string
  /** Its one exercise's key. */
  exerciseKey: string
  /** Starts another (free) session of `client`. */
  newSession: () => Promise<string>
  /** Makes a pending progression proposal on the plan `coach` assigned to `client`. */
  newProposal: () => Promise<string>
  /** A session `client` finished just now (correctable for 48 hours), its exercise's key and its one set. */
  finished: { sessionId: string; exerciseKey: string; setId: string }
  /** An amount habit `coach` set for `client`. */
  habitId: string
  /** A gym profile of `client`'s, and a maker of more (for a row that removes one). */
  gymId: string
  newGym: () => Promise<string>
  /** A check-in form of `coach`'s, a schedule of it for `client` from today, and the check-in `client` sent. */
  checkIn: { formId: string; scheduleId: string; id: string }
  /** Makes another check-in form of `coach`'s (for a row that deletes one). */
  newCheckInForm: () => Promise<string>
  /** Sends `checkIn.formId` to `client` on a new schedule (for a row that ends one). */
  newCheckInSchedule: () => Promise<string>
  /** Adds a progress photo of `client`'s (a small PNG), through the API. */
  newPhoto: () => Promise<string>
  /** Subscribes a device of this caller to push notifications; its push service refuses connections at once. */
  newDevice: (caller: Caller) => Promise<string>
}
type Row = {
  method: string
  path: string
  access: Access
  /** The concrete request; defaults to the registered path with no body. `who` is the person calling (none for anonymous). */
  request?: (
    fx: Fixtures,
    caller: Caller,
    who: SignedIn | undefined,
  ) => { path: string; body?: unknown } | Promise<{ path: string; body?: unknown }>
  /** The answer is an endless event stream: only its status is read. */
  stream?: boolean
  /** The route changes who the caller is (becoming a coach, joining a coach): each call gets a new user of the caller's kind. */
  freshCallers?: boolean
  /** The body is a file upload (multipart/form-data) rather than JSON. */
  form?: () => FormData
  /** Only a sign-in session may call: a token gets 403 with apiTokenText.sessionOnly, an allowed caller's cookie a 2xx. */
  sessionOnly?: boolean
  /** API tokens are refused here (403) whoever holds them: better-auth's sign-in endpoints. */
  noTokens?: boolean
}

const TOKEN = { token: 'not-a-real-token' }
/** A browser's push subscription keys: a P-256 public key and 16 random bytes. */
const pushKeys = () => {
  const ecdh = createECDH('prime256v1')
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}
const NEW_PLAN = { name: 'Base block', weeks: 4, daysPerWeek: 3 }
const NEW_MOVEMENT = {
  name: 'Tempo goblet squat',
  pattern: 'squat',
  primaryMuscles: ['quads'],
  equipment: ['kettlebell'],
  tracking: 'weight_reps',
}

const NEW_WORKOUT = { title: 'Full body', exercises: [] }
/** A gym of a name of its own: every caller adds one with each of its credentials. */
const newGymBody = () => ({ name: `Gym ${crypto.randomUUID().slice(0, 8)}`, equipment: ['dumbbell', 'bench'] })

/** A small Strong export, as the history import takes it. */
function strongUpload(mapping?: unknown): FormData {
  const csv =
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2023-05-14 08:03:11,Push,1h,Curl,1,20,10,0,0,,,\n'
  const form = new FormData()
  form.set('file', new File([csv], 'strong.csv', { type: 'text/csv' }))
  if (mapping) form.set('mapping', JSON.stringify(mapping))
  return form
}

/** A check-in form of one question. */
const CHECK_IN_FORM = { name: 'Weekly', questions: [{ id: 'sleep', kind: 'scale', label: 'Sleep', required: true }] }

/** A progress photo as the app sends it: a small PNG, a pose and a day. */
function photoUpload(): FormData {
  const form = new FormData()
  form.set('file', new File([TINY_PNG], 'photo.png', { type: 'image/png' }))
  form.set('pose', 'front')
  form.set('takenOn', '2026-11-20')
  return form
}
/** A 2 x 2 grey PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWPoAAMGCAUALK4GYSSeFPoAAAAASUVORK5CYII=',
  'base64',
)

const ROUTES: Row[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/me', access: 'public' },
  { method: 'GET', path: '/api/profile', access: 'signed-in' },
  { method: 'POST', path: '/api/profile', access: 'signed-in' },
  {
    method: 'PUT',
    path: '/api/profile',
    access: 'signed-in',
    request: () => ({ path: '/api/profile', body: { displayName: 'Renamed' } }),
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    access: 'signed-in',
    request: () => ({
      path: '/api/profile',
      body: { unit: 'kg', plateSetups: { kg: { plateStep: 2.5, bar: 20, plates: [20, 10, 5, 2.5] } } },
    }),
  },
  { method: 'POST', path: '/api/profile/become-coach', access: 'client', freshCallers: true, sessionOnly: true },
  {
    method: 'POST',
    path: '/api/account/verify-email',
    access: 'public',
    request: () => ({ path: '/api/account/verify-email', body: TOKEN }),
  },
  {
    method: 'POST',
    path: '/api/account/magic-link',
    access: 'public',
    request: () => ({ path: '/api/account/magic-link', body: TOKEN }),
  },
  {
    method: 'POST',
    path: '/api/account/reset-token',
    access: 'public',
    request: () => ({ path: '/api/account/reset-token', body: TOKEN }),
  },
  // The development outbox: only without SMTP_URL, on a loopback host (features/mail/mail.test.ts).
  { method: 'GET', path: '/api/dev/outbox', access: 'public' },
  { method: 'GET', path: '/api/movements', access: 'signed-in' },
  // `client` reads it because `coach` prescribes it in the plan assigned to them.
  {
    method: 'GET',
    path: '/api/movements/:id',
    access: 'own-client',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}` }),
  },
  {
    method: 'GET',
    path: '/api/movements/:id/swaps',
    access: 'own-client',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}/swaps` }),
  },
  // Gym profiles are each lifter's own: no coach reads or changes them.
  { method: 'GET', path: '/api/gyms', access: 'signed-in' },
  {
    method: 'POST',
    path: '/api/gyms',
    access: 'signed-in',
    request: () => ({ path: '/api/gyms', body: newGymBody() }),
  },
  {
    method: 'PUT',
    path: '/api/gyms/current',
    access: 'signed-in',
    request: () => ({ path: '/api/gyms/current', body: { gymId: null } }),
  },
  {
    method: 'PATCH',
    path: '/api/gyms/:id',
    access: 'self',
    request: (fx) => ({ path: `/api/gyms/${fx.gymId}`, body: { equipment: ['barbell', 'bench'] } }),
  },
  {
    method: 'DELETE',
    path: '/api/gyms/:id',
    access: 'self',
    request: async (fx) => ({ path: `/api/gyms/${await fx.newGym()}` }),
  },
  {
    method: 'POST',
    path: '/api/movements',
    access: 'coach',
    request: () => ({ path: '/api/movements', body: NEW_MOVEMENT }),
  },
  {
    method: 'PATCH',
    path: '/api/movements/:id',
    access: 'owner',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}`, body: { instructions: 'Brace first.' } }),
  },
  {
    method: 'POST',
    path: '/api/movements/:id/archive',
    access: 'owner',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}/archive` }),
  },
  {
    method: 'POST',
    path: '/api/movements/:id/restore',
    access: 'owner',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}/restore` }),
  },
  {
    method: 'POST',
    path: '/api/movements/:id/copy',
    access: 'owner',
    request: (fx) => ({ path: `/api/movements/${fx.movementId}/copy` }),
  },
  { method: 'GET', path: '/api/plans', access: 'signed-in' },
  { method: 'POST', path: '/api/plans', access: 'signed-in', request: () => ({ path: '/api/plans', body: NEW_PLAN }) },
  { method: 'GET', path: '/api/plans/:id', access: 'owner', request: (fx) => ({ path: `/api/plans/${fx.planId}` }) },
  {
    method: 'GET',
    path: '/api/plans/workouts/:planWorkoutId',
    access: 'own-client',
    request: (fx) => ({ path: `/api/plans/workouts/${fx.assignedPlanWorkoutId}` }),
  },
  {
    method: 'PATCH',
    path: '/api/plans/:id',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}`, body: { version: 1, goal: 'Strength' } }),
  },
  {
    method: 'PUT',
    path: '/api/plans/:id/days/:week/:day',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}/days/1/1`, body: { version: 999, workout: null } }),
  },
  {
    method: 'PUT',
    path: '/api/plans/:id/days/:week/:day/date',
    access: 'own-client',
    request: () => ({
      path: `/api/plans/${assignedPlanId}/days/1/1/date`,
      body: { date: [todayUtc(), '2026-12-08'].sort()[1] },
    }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/copy-day',
    access: 'owner',
    request: (fx) => ({
      path: `/api/plans/${fx.planId}/copy-day`,
      body: { version: 999, from: { week: 1, day: 1 }, to: { week: 2, day: 1 } },
    }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/copy-week',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}/copy-week`, body: { version: 999, fromWeek: 1, toWeeks: [2] } }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/move-day',
    access: 'owner',
    request: (fx) => ({
      path: `/api/plans/${fx.planId}/move-day`,
      body: { version: 999, from: { week: 1, day: 1 }, to: { week: 2, day: 1 } },
    }),
  },
  {
    method: 'PUT',
    path: '/api/plans/:id/training-days',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}/training-days`, body: { version: 999, trainingDays: null } }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/start',
    access: 'self',
    request: async (fx) => ({
      path: `/api/plans/${await fx.newOwnPlan()}/start`,
      body: { startDate: '2026-12-07', trainingDays: [1, 3, 5] },
    }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/archive',
    access: 'owner',
    request: async (fx) => ({ path: `/api/plans/${await fx.newPlan()}/archive` }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/restore',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}/restore` }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/copy',
    access: 'owner',
    request: (fx) => ({ path: `/api/plans/${fx.planId}/copy`, body: { isTemplate: true } }),
  },
  {
    method: 'POST',
    path: '/api/plans/:id/assign',
    access: 'owner',
    request: (fx) => ({
      path: `/api/plans/${fx.planId}/assign`,
      body: { clientId: fx.client.id, startDate: '2026-12-07' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/plans/:id',
    access: 'owner',
    request: async (fx) => ({ path: `/api/plans/${await fx.newPlan()}` }),
  },
  {
    method: 'POST',
    path: '/api/progression/preview',
    access: 'own-client',
    request: (fx) => ({
      path: '/api/progression/preview',
      body: {
        clientId: fx.client.id,
        movementId: fx.movementId,
        rule: { kind: 'double', amount: 2.5, unit: 'kg' },
        sets: [{ reps: { min: 8, max: 12 }, load: { kind: 'kg', value: 60 } }],
      },
    }),
  },
  { method: 'GET', path: '/api/progression/proposals', access: 'coach' },
  {
    method: 'POST',
    path: '/api/progression/proposals/approve',
    access: 'owner',
    request: async (fx) => ({ path: '/api/progression/proposals/approve', body: { ids: [await fx.newProposal()] } }),
  },
  {
    method: 'POST',
    path: '/api/progression/proposals/dismiss',
    access: 'owner',
    request: async (fx) => ({ path: '/api/progression/proposals/dismiss', body: { ids: [await fx.newProposal()] } }),
  },
  { method: 'GET', path: '/api/clients', access: 'coach' },
  { method: 'GET', path: '/api/clients/dashboard', access: 'coach' },
  {
    method: 'GET',
    path: '/api/clients/:clientId',
    access: 'owner',
    request: (fx) => ({ path: `/api/clients/${fx.client.id}` }),
  },
  { method: 'GET', path: '/api/sessions', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/sessions/movement-stats',
    access: 'signed-in',
    request: (fx) => ({ path: `/api/sessions/movement-stats?movementIds=${fx.movementId}` }),
  },
  { method: 'GET', path: '/api/profile/coach', access: 'signed-in' },
  { method: 'POST', path: '/api/sessions', access: 'client', request: () => ({ path: '/api/sessions', body: {} }) },
  {
    method: 'GET',
    path: '/api/sessions/:id',
    access: 'own-client',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}` }),
  },
  {
    method: 'GET',
    path: '/api/sessions/:id/report',
    access: 'own-client',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}/report` }),
  },
  {
    method: 'PATCH',
    path: '/api/sessions/:id',
    access: 'self',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}`, body: { notes: 'Knees felt good' } }),
  },
  {
    method: 'PUT',
    path: '/api/sessions/:id/sets/:setId',
    access: 'self',
    request: (fx) => ({
      path: `/api/sessions/${fx.sessionId}/sets/${crypto.randomUUID()}`,
      body: { exerciseKey: fx.exerciseKey, setNumber: 1, reps: 5, loadKg: 60, editedAt: new Date().toISOString() },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/sessions/:id/sets/:setId',
    access: 'self',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}/sets/${crypto.randomUUID()}` }),
  },
  // The same two on a finished session: corrections, the lifter's alone (their coach reads them).
  {
    method: 'PUT',
    path: '/api/sessions/:id/sets/:setId',
    access: 'self',
    request: (fx) => ({
      path: `/api/sessions/${fx.finished.sessionId}/sets/${fx.finished.setId}`,
      body: {
        exerciseKey: fx.finished.exerciseKey,
        setNumber: 1,
        reps: 4,
        loadKg: 60,
        editedAt: new Date().toISOString(),
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/sessions/:id/sets/:setId',
    access: 'self',
    request: (fx) => ({ path: `/api/sessions/${fx.finished.sessionId}/sets/${fx.finished.setId}` }),
  },
  {
    method: 'POST',
    path: '/api/sessions/:id/finish',
    access: 'self',
    request: async (fx) => ({ path: `/api/sessions/${await fx.newSession()}/finish`, body: {} }),
  },
  {
    method: 'POST',
    path: '/api/sessions/:id/discard',
    access: 'self',
    request: async (fx) => ({ path: `/api/sessions/${await fx.newSession()}/discard` }),
  },
  { method: 'GET', path: '/api/sessions/comments/unread', access: 'signed-in' },
  {
    method: 'POST',
    path: '/api/sessions/:id/comments/read',
    access: 'own-client',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}/comments/read` }),
  },
  {
    method: 'POST',
    path: '/api/sessions/:id/comments',
    access: 'own-client',
    request: (fx) => ({ path: `/api/sessions/${fx.sessionId}/comments`, body: { body: 'Nice work' } }),
  },
  // A lifter's progress: the lifter's own, and their active coach's reading of it (named by clientId).
  {
    method: 'GET',
    path: '/api/progress',
    access: 'own-client',
    request: (fx) => ({ path: `/api/progress?clientId=${fx.client.id}` }),
  },
  {
    method: 'GET',
    path: '/api/progress/e1rm',
    access: 'own-client',
    request: (fx) => ({ path: `/api/progress/e1rm?clientId=${fx.client.id}&movementId=${fx.movementId}` }),
  },
  {
    method: 'GET',
    path: '/api/progress/movements',
    access: 'own-client',
    request: (fx) => ({ path: `/api/progress/movements?clientId=${fx.client.id}&q=squat` }),
  },
  {
    method: 'GET',
    path: '/api/progress/timed',
    access: 'own-client',
    request: (fx) => ({ path: `/api/progress/timed?clientId=${fx.client.id}` }),
  },
  {
    method: 'GET',
    path: '/api/body-weights',
    access: 'own-client',
    request: (fx) => ({ path: `/api/body-weights?clientId=${fx.client.id}` }),
  },
  // Progress photos: the lifter adds and deletes their own; they and their coach see them.
  {
    method: 'GET',
    path: '/api/progress-photos',
    access: 'own-client',
    request: (fx) => ({ path: `/api/progress-photos?clientId=${fx.client.id}` }),
  },
  { method: 'POST', path: '/api/progress-photos', access: 'client', form: () => photoUpload() },
  {
    method: 'GET',
    path: '/api/progress-photos/:id/:size',
    access: 'own-client',
    request: async (fx) => ({ path: `/api/progress-photos/${await fx.newPhoto()}/thumb` }),
  },
  {
    method: 'DELETE',
    path: '/api/progress-photos/:id',
    access: 'self',
    request: async (fx) => ({ path: `/api/progress-photos/${await fx.newPhoto()}` }),
  },
  // Habits: the lifter and their coach set them; the lifter alone ticks a day.
  {
    method: 'GET',
    path: '/api/habits',
    access: 'own-client',
    request: (fx) => ({ path: `/api/habits?clientId=${fx.client.id}` }),
  },
  {
    method: 'POST',
    path: '/api/habits',
    access: 'own-client',
    request: (fx) => ({ path: '/api/habits', body: { clientId: fx.client.id, name: 'Sleep', kind: 'check' } }),
  },
  {
    method: 'PATCH',
    path: '/api/habits/:id',
    access: 'own-client',
    request: (fx) => ({ path: `/api/habits/${fx.habitId}`, body: { name: 'Steps a day' } }),
  },
  {
    method: 'PUT',
    path: '/api/habits/:id/entries/:date',
    access: 'self',
    request: (fx) => ({ path: `/api/habits/${fx.habitId}/entries/${todayUtc()}`, body: { value: 9000 } }),
  },
  {
    method: 'DELETE',
    path: '/api/habits/:id/entries/:date',
    access: 'self',
    request: (fx) => ({ path: `/api/habits/${fx.habitId}/entries/${todayUtc()}` }),
  },
  // Check-ins: a coach's forms and schedules; the client answers; both read and comment.
  { method: 'GET', path: '/api/check-ins/forms', access: 'coach' },
  {
    method: 'POST',
    path: '/api/check-ins/forms',
    access: 'coach',
    request: () => ({ path: '/api/check-ins/forms', body: CHECK_IN_FORM }),
  },
  {
    method: 'PUT',
    path: '/api/check-ins/forms/:id',
    access: 'owner',
    request: (fx) => ({ path: `/api/check-ins/forms/${fx.checkIn.formId}`, body: CHECK_IN_FORM }),
  },
  {
    method: 'DELETE',
    path: '/api/check-ins/forms/:id',
    access: 'owner',
    request: async (fx) => ({ path: `/api/check-ins/forms/${await fx.newCheckInForm()}` }),
  },
  {
    method: 'GET',
    path: '/api/check-ins/schedules',
    access: 'own-client',
    request: (fx) => ({ path: `/api/check-ins/schedules?clientId=${fx.client.id}` }),
  },
  {
    method: 'POST',
    path: '/api/check-ins/schedules',
    access: 'owner',
    request: (fx) => ({
      path: '/api/check-ins/schedules',
      body: {
        clientId: fx.client.id,
        formId: fx.checkIn.formId,
        cadence: 'every',
        everyDays: 14,
        startsOn: todayUtc(),
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/check-ins/schedules/:id',
    access: 'owner',
    // Only the coach's calls end one: the others are refused on the fixture's own schedule.
    request: async (fx, caller) => ({
      path: `/api/check-ins/schedules/${caller === 'coach' ? await fx.newCheckInSchedule() : fx.checkIn.scheduleId}`,
    }),
  },
  { method: 'GET', path: '/api/check-ins/open', access: 'client' },
  {
    method: 'GET',
    path: '/api/check-ins',
    access: 'own-client',
    request: (fx) => ({ path: `/api/check-ins?clientId=${fx.client.id}` }),
  },
  {
    method: 'POST',
    path: '/api/check-ins',
    access: 'self',
    request: (fx) => ({
      path: '/api/check-ins',
      body: { id: crypto.randomUUID(), scheduleId: fx.checkIn.scheduleId, dueOn: todayUtc(), answers: { sleep: 4 } },
    }),
  },
  {
    method: 'GET',
    path: '/api/check-ins/:id',
    access: 'own-client',
    request: (fx) => ({ path: `/api/check-ins/${fx.checkIn.id}` }),
  },
  {
    method: 'POST',
    path: '/api/check-ins/:id/comments',
    access: 'own-client',
    request: (fx) => ({ path: `/api/check-ins/${fx.checkIn.id}/comments`, body: { body: 'Well done' } }),
  },
  // Each client writes their own readings; a coach never writes one.
  {
    method: 'PUT',
    path: '/api/body-weights/:date',
    access: 'client',
    request: () => ({ path: `/api/body-weights/${todayUtc()}`, body: { weightKg: 80 } }),
  },
  {
    method: 'DELETE',
    path: '/api/body-weights/:date',
    access: 'client',
    request: () => ({ path: `/api/body-weights/${todayUtc()}` }),
  },
  {
    method: 'POST',
    path: '/api/clients/:clientId/archive',
    access: 'owner',
    request: async (fx) => ({ path: `/api/clients/${await fx.newClient()}/archive` }),
  },
  // The invite page shows an invite before anyone signs in; an unknown token is a 404.
  {
    method: 'GET',
    path: '/api/invites/preview/:token',
    access: 'public',
    request: () => ({ path: '/api/invites/preview/not-a-real-token' }),
  },
  {
    method: 'POST',
    path: '/api/invites/accept',
    access: 'signed-in',
    freshCallers: true,
    sessionOnly: true,
    request: async (fx, _caller, who) => ({
      path: '/api/invites/accept',
      body: who ? { token: await fx.inviteTokenFor(who.email) } : TOKEN,
    }),
  },
  { method: 'GET', path: '/api/invites', access: 'coach' },
  {
    method: 'POST',
    path: '/api/invites',
    access: 'coach',
    request: (fx) => ({ path: '/api/invites', body: { email: 'invited@example.test', planId: fx.planId } }),
  },
  {
    method: 'POST',
    path: '/api/invites/:id/resend',
    access: 'owner',
    request: async (fx) => ({ path: `/api/invites/${await fx.newInvite()}/resend` }),
  },
  {
    method: 'POST',
    path: '/api/invites/:id/revoke',
    access: 'owner',
    request: async (fx) => ({ path: `/api/invites/${await fx.newInvite()}/revoke` }),
  },
  { method: 'GET', path: '/api/workouts', access: 'signed-in' },
  {
    method: 'POST',
    path: '/api/workouts',
    access: 'signed-in',
    request: () => ({ path: '/api/workouts', body: NEW_WORKOUT }),
  },
  {
    method: 'GET',
    path: '/api/workouts/:id',
    access: 'own-client',
    request: (fx) => ({ path: `/api/workouts/${fx.formId}` }),
  },
  {
    method: 'PUT',
    path: '/api/workouts/:id',
    access: 'owner',
    request: (fx) => ({ path: `/api/workouts/${fx.formId}`, body: { ...NEW_WORKOUT, version: 999 } }),
  },
  {
    method: 'POST',
    path: '/api/workouts/:id/archive',
    access: 'owner',
    request: async (fx) => ({ path: `/api/workouts/${await fx.newWorkout()}/archive` }),
  },
  {
    method: 'POST',
    path: '/api/workouts/:id/restore',
    access: 'owner',
    request: (fx) => ({ path: `/api/workouts/${fx.formId}/restore` }),
  },
  {
    method: 'POST',
    path: '/api/workouts/:id/copy',
    access: 'own-client',
    request: (fx) => ({ path: `/api/workouts/${fx.formId}/copy`, body: {} }),
  },
  {
    method: 'DELETE',
    path: '/api/workouts/:id',
    access: 'owner',
    request: async (fx) => ({ path: `/api/workouts/${await fx.newWorkout()}` }),
  },
  // A conversation is named by the other person: a client names their coach, a coach their client.
  { method: 'GET', path: '/api/chat/conversations', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/chat/:otherId/messages',
    access: 'own-client',
    request: (fx, caller) => ({ path: `/api/chat/${partnerOf(fx, caller)}/messages` }),
  },
  {
    method: 'POST',
    path: '/api/chat/:otherId/messages',
    access: 'own-client',
    request: (fx, caller) => ({
      path: `/api/chat/${partnerOf(fx, caller)}/messages`,
      body: { id: crypto.randomUUID(), body: 'Hello' },
    }),
  },
  {
    method: 'POST',
    path: '/api/chat/:otherId/read',
    access: 'own-client',
    request: (fx, caller) => ({ path: `/api/chat/${partnerOf(fx, caller)}/read`, body: { upTo: 1 } }),
  },
  {
    method: 'GET',
    path: '/api/chat/stream',
    access: 'own-client',
    stream: true,
    request: (fx, caller) => ({ path: `/api/chat/stream?with=${partnerOf(fx, caller)}` }),
  },
  // The calendar feed: each user turns their own on and off, with a sign-in session only (its address
  // outlives any token). Calendar apps fetch the feed with no cookie, so its secret address is its
  // only key: an unknown one is a 404 for everyone (features/calendar/calendar.routes.test.ts).
  { method: 'GET', path: '/api/calendar', access: 'signed-in' },
  { method: 'POST', path: '/api/calendar', access: 'signed-in', sessionOnly: true },
  { method: 'DELETE', path: '/api/calendar', access: 'signed-in', sessionOnly: true },
  {
    method: 'GET',
    path: '/api/calendar/:file',
    access: 'public',
    request: () => ({ path: `/api/calendar/${'A'.repeat(43)}.ics` }),
  },
  // The data export: one's own (no clientId), or a coach's of an active client (named by clientId).
  { method: 'GET', path: '/api/data-export/json', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/data-export/csv',
    access: 'own-client',
    request: (fx) => ({ path: `/api/data-export/csv?clientId=${fx.client.id}` }),
  },
  {
    method: 'GET',
    path: '/api/data-export/photos',
    access: 'own-client',
    request: (fx) => ({ path: `/api/data-export/photos?clientId=${fx.client.id}` }),
  },
  {
    method: 'GET',
    path: '/api/data-export/json',
    access: 'own-client',
    request: (fx) => ({ path: `/api/data-export/json?clientId=${fx.client.id}` }),
  },
  // A restore writes into the caller's own account, a client's (a coach keeps no training history);
  // this body is refused as no export, after the checks of who calls.
  {
    method: 'POST',
    path: '/api/data-export/restore',
    access: 'client',
    request: () => ({ path: '/api/data-export/restore', body: { format: 'not-an-export' } }),
  },
  // A lifter imports their own history from another app (docs/import.md); a coach keeps none.
  { method: 'POST', path: '/api/history-import/preview', access: 'client', form: () => strongUpload() },
  {
    method: 'POST',
    path: '/api/history-import',
    access: 'client',
    form: () => strongUpload([{ name: 'Curl', create: { name: 'Curl', tracking: 'weight_reps' } }]),
  },
  // Personal API tokens: a sign-in session manages its user's own; a token may not.
  { method: 'GET', path: '/api/tokens', access: 'signed-in', sessionOnly: true },
  {
    method: 'POST',
    path: '/api/tokens',
    access: 'signed-in',
    sessionOnly: true,
    request: () => ({ path: '/api/tokens', body: { name: 'Table', scope: 'read' } }),
  },
  {
    method: 'DELETE',
    path: '/api/tokens/:id',
    access: 'signed-in',
    sessionOnly: true,
    request: async (fx, caller) => ({ path: `/api/tokens/${await fx.newToken(caller)}` }),
  },
  // Push notifications: the signed-in person's own devices and settings. Subscribing a device
  // needs a sign-in session: it would go on receiving what a leaked token could read.
  { method: 'GET', path: '/api/notifications', access: 'signed-in' },
  {
    method: 'PUT',
    path: '/api/notifications/settings',
    access: 'signed-in',
    request: () => ({ path: '/api/notifications/settings', body: { quietHours: null, workoutReminder: '18:00' } }),
  },
  {
    method: 'POST',
    path: '/api/notifications/devices',
    access: 'signed-in',
    sessionOnly: true,
    request: () => ({
      path: '/api/notifications/devices',
      body: { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys: pushKeys() },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/notifications/devices/:id',
    access: 'signed-in',
    request: async (fx, caller) => ({
      path: `/api/notifications/devices/${await fx.newDevice(caller)}`,
      body: { kinds: ['comments'] },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/notifications/devices/:id',
    access: 'signed-in',
    request: async (fx, caller) => ({ path: `/api/notifications/devices/${await fx.newDevice(caller)}` }),
  },
  {
    method: 'POST',
    path: '/api/notifications/devices/:id/test',
    access: 'signed-in',
    request: async (fx, caller) => ({ path: `/api/notifications/devices/${await fx.newDevice(caller)}/test` }),
  },
  {
    method: 'PUT',
    path: '/api/notifications/devices/:id/rest',
    access: 'signed-in',
    request: async (fx, caller) => ({
      path: `/api/notifications/devices/${await fx.newDevice(caller)}/rest`,
      body: { endsAt: new Date(Date.now() + 90_000).toISOString(), next: 'Back squat, set 2' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/notifications/devices/:id/rest',
    access: 'signed-in',
    request: async (fx, caller) => ({ path: `/api/notifications/devices/${await fx.newDevice(caller)}/rest` }),
  },
  // The API's own description, for anyone.
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  { method: 'GET', path: '/api/docs', access: 'public' },
  // better-auth's own endpoints: sign-in, sign-up and session checks are public by nature;
  // the account flows' own rows are in auth.routes.test.ts.
  {
    method: 'GET',
    path: '/api/auth/*',
    access: 'public',
    noTokens: true,
    request: () => ({ path: '/api/auth/get-session' }),
  },
  {
    method: 'POST',
    path: '/api/auth/*',
    access: 'public',
    noTokens: true,
    request: () => ({ path: '/api/auth/sign-out', body: {} }),
  },
]

const todayUtc = () => new Date().toISOString().slice(0, 10)

/** The other side of `coach` and `client`'s conversation, as this caller would name it. */
function partnerOf(fx: Fixtures, caller: Caller): string {
  return caller === 'client' || caller === 'otherClient' ? fx.coach.id : fx.client.id
}

const ALLOWED: Record<Access, Caller[]> = {
  public: ['anonymous', 'client', 'coach', 'otherCoach', 'otherClient'],
  'signed-in': ['client', 'coach', 'otherCoach', 'otherClient'],
  client: ['client', 'otherClient'],
  coach: ['coach', 'otherCoach'],
  owner: ['coach'],
  'own-client': ['client', 'coach'],
  self: ['client'],
}
const CALLERS: Caller[] = ['anonymous', 'client', 'coach', 'otherCoach', 'otherClient']
const CALLS: { caller: Caller; via: Via }[] = CALLERS.flatMap((caller): { caller: Caller; via: Via }[] =>
  caller === 'anonymous'
    ? [{ caller, via: 'cookie' }]
    : [
        { caller, via: 'cookie' },
        { caller, via: 'token' },
      ],
)

let t: TestContext
let fx: Fixtures
let assignedPlanId = ''

beforeAll(async () => {
  t = await createTestApp()
  const coach = await signIn(t, { role: 'coach' })
  const created = await t.app.request('/api/movements', {
    method: 'POST',
    headers: jsonHeaders(coach),
    body: JSON.stringify(NEW_MOVEMENT),
  })
  fx = {
    tokens: {} as Fixtures['tokens'],
    newDevice: async (caller) => {
      if (caller === 'anonymous') return crypto.randomUUID()
      const [device] = await t.db
        .insert(pushSubscriptions)
        .values({
          userId: fx[caller].id,
          endpoint: `https://127.0.0.1:1/push/${crypto.randomUUID()}`,
          ...pushKeys(),
          kinds: ['chat'],
        })
        .returning({ id: pushSubscriptions.id })
      return device?.id ?? ''
    },
    newPhoto: async () => {
      const { 'content-type': _json, ...headers } = jsonHeaders(fx.client)
      const res = await t.app.request('/api/progress-photos', { method: 'POST', headers, body: photoUpload() })
      if (res.status !== 201) throw new Error(`fixture: a photo answered ${res.status} ${await res.text()}`)
      return ((await res.json()) as { id: string }).id
    },
    newToken: async (caller) => {
      if (caller === 'anonymous') return crypto.randomUUID()
      const res = await t.app.request('/api/tokens', {
        method: 'POST',
        headers: jsonHeaders(fx[caller]),
        body: JSON.stringify({ name: 'To revoke', scope: 'read' }),
      })
      return ((await res.json()) as { id: string }).id
    },
    client: await signIn(t, { role: 'client' }),
    coach,
    otherCoach: await signIn(t, { role: 'coach' }),
    otherClient: await signIn(t, { role: 'client' }),
    movementId: ((await created.json()) as { id: string }).id,
    planId: '',
    newPlan: async () => {
      const res = await t.app.request('/api/plans', {
        method: 'POST',
        headers: jsonHeaders(coach),
        body: JSON.stringify(NEW_PLAN),
      })
      return ((await res.json()) as { id: string }).id
    },
    newOwnPlan: async () => {
      const res = await t.app.request('/api/plans', {
        method: 'POST',
        headers: jsonHeaders(fx.client),
        body: JSON.stringify(NEW_PLAN),
      })
      const { id } = (await res.json()) as { id: string }
      const day = { version: 1, workout: { title: 'Day one', exercises: [] } }
      await t.app.request(`/api/plans/${id}/days/1/1`, {
        method: 'PUT',
        headers: jsonHeaders(fx.client),
        body: JSON.stringify(day),
      })
      return id
    },
    assignedPlanWorkoutId: '',
    formId: '',
    habitId: '',
    gymId: '',
    newGym: async () => '',
    checkIn: { formId: '', scheduleId: '', id: '' },
    newCheckInForm: async () => '',
    newCheckInSchedule: async () => '',
    newWorkout: async () => {
      const res = await t.app.request('/api/workouts', {
        method: 'POST',
        headers: jsonHeaders(coach),
        body: JSON.stringify(NEW_WORKOUT),
      })
      return ((await res.json()) as { id: string }).id
    },
    sessionId: '',
    exerciseKey: '',
    finished: { sessionId: '', exerciseKey: '', setId: '' },
    newSession: async () => {
      const res = await t.app.request('/api/sessions', {
        method: 'POST',
        headers: jsonHeaders(fx.client),
        body: JSON.stringify({}),
      })
      return ((await res.json()) as { id: string }).id
    },
    newClient: async () => {
      const client = await signIn(t, { role: 'client' })
      await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
      return client.id
    },
    newProposal: async () => {
      const [proposal] = await t.db
        .insert(progressionProposals)
        .values({
          planId: assignedPlanId,
          planWorkoutId: fx.assignedPlanWorkoutId,
          movementId: fx.movementId,
          clientId: fx.client.id,
          fromSets: [],
          toSets: [],
          reason: '+1 rep',
        })
        .returning({ id: progressionProposals.id })
      return proposal?.id ?? ''
    },
    newInvite: async () => {
      const email = `invitee-${crypto.randomUUID()}@example.test`
      const res = await t.app.request('/api/invites', {
        method: 'POST',
        headers: jsonHeaders(coach),
        body: JSON.stringify({ email, planId: fx.planId }),
      })
      return ((await res.json()) as { id: string }).id
    },
    inviteTokenFor: async (email) => {
      const res = await t.app.request('/api/invites', {
        method: 'POST',
        headers: jsonHeaders(coach),
        body: JSON.stringify({ email, planId: fx.planId }),
      })
      const token = ((await res.json()) as { link: string | null }).link?.split('/invite/')[1]
      if (!token) throw new Error(`fixture: inviting ${email} answered ${res.status} with no link`)
      return token
    },
  }
  fx.planId = await fx.newPlan()
  for (const caller of ['client', 'coach', 'otherCoach', 'otherClient'] as const)
    fx.tokens[caller] = await withToken(t, fx[caller])
  // `client` is `coach`'s active client (as an accepted invite makes them).
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: fx.client.id })
  const call = async (method: string, path: string, body: unknown) =>
    (await t.app.request(path, { method, headers: jsonHeaders(coach), body: JSON.stringify(body) })).json() as Promise<{
      id: string
    }>
  const assignedSource = await fx.newPlan()
  await call('PUT', `/api/plans/${assignedSource}/days/1/1`, {
    version: 1,
    workout: { title: 'Day one', exercises: [{ movementId: fx.movementId, sets: [{ reps: { min: 5, max: 5 } }] }] },
  })
  const assigned = await call('POST', `/api/plans/${assignedSource}/assign`, {
    clientId: fx.client.id,
    startDate: '2026-12-07',
  })
  assignedPlanId = assigned.id
  const plan = (await (await t.app.request(`/api/plans/${assigned.id}`, { headers: jsonHeaders(coach) })).json()) as {
    workouts: { id: string }[]
  }
  fx.assignedPlanWorkoutId = plan.workouts[0]?.id ?? ''
  if (!fx.assignedPlanWorkoutId) throw new Error('fixture: the assigned plan has no workout')
  const started = (await (
    await t.app.request('/api/sessions', {
      method: 'POST',
      headers: jsonHeaders(fx.client),
      body: JSON.stringify({ planWorkoutId: fx.assignedPlanWorkoutId }),
    })
  ).json()) as { id: string; exercises: { key: string }[] }
  fx.sessionId = started.id
  fx.exerciseKey = started.exercises[0]?.key ?? ''
  const asClient = async (method: string, path: string, body: unknown) => {
    const res = await t.app.request(path, { method, headers: jsonHeaders(fx.client), body: JSON.stringify(body) })
    if (res.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${res.status}`)
  }
  const finishedId = await fx.newSession()
  const finishedKey = crypto.randomUUID()
  // A built-in movement: a lifter adds only movements they may read.
  const squat = (await (
    await t.app.request('/api/movements?q=back%20squat', { headers: jsonHeaders(fx.client) })
  ).json()) as { items: { id: string }[] }
  await asClient('PATCH', `/api/sessions/${finishedId}`, {
    exercises: [{ ...started.exercises[0], key: finishedKey, movementId: squat.items[0]?.id }],
  })
  fx.finished = { sessionId: finishedId, exerciseKey: finishedKey, setId: crypto.randomUUID() }
  await asClient('PUT', `/api/sessions/${finishedId}/sets/${fx.finished.setId}`, {
    exerciseKey: finishedKey,
    setNumber: 1,
    reps: 5,
    loadKg: 60,
    editedAt: new Date().toISOString(),
  })
  await asClient('POST', `/api/sessions/${finishedId}/finish`, {})
  fx.habitId = (
    await call('POST', '/api/habits', { clientId: fx.client.id, name: 'Steps', kind: 'amount', target: 8000 })
  ).id
  const checkInForm = (await call('POST', '/api/check-ins/forms', CHECK_IN_FORM)).id
  const weekly = {
    clientId: fx.client.id,
    formId: checkInForm,
    cadence: 'every',
    everyDays: 7,
    startsOn: todayUtc(),
  }
  const checkInSchedule = (await call('POST', '/api/check-ins/schedules', weekly)).id
  const sent = await t.app.request('/api/check-ins', {
    method: 'POST',
    headers: jsonHeaders(fx.client),
    body: JSON.stringify({
      id: crypto.randomUUID(),
      scheduleId: checkInSchedule,
      dueOn: todayUtc(),
      answers: { sleep: 3 },
    }),
  })
  fx.checkIn = { formId: checkInForm, scheduleId: checkInSchedule, id: ((await sent.json()) as { id: string }).id }
  fx.newCheckInForm = async () => (await call('POST', '/api/check-ins/forms', CHECK_IN_FORM)).id
  fx.newGym = async () => {
    const res = await t.app.request('/api/gyms', {
      method: 'POST',
      headers: jsonHeaders(fx.client),
      body: JSON.stringify(newGymBody()),
    })
    return ((await res.json()) as { id: string }).id
  }
  fx.gymId = await fx.newGym()
  fx.newCheckInSchedule = async () => (await call('POST', '/api/check-ins/schedules', weekly)).id
  fx.formId = (
    await call('POST', '/api/workouts', {
      title: 'Shared template',
      isTemplate: true,
      exercises: [{ movementId: fx.movementId, sets: [{ reps: { min: 8, max: 8 } }] }],
    })
  ).id
})
afterAll(() => t.close())

test('the rows only a sign-in session may call are exactly the routes marked so', async () => {
  const document = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument
  const marked = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security.length === 1 && 'sessionCookie' in (operation.security[0] ?? {}))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
  const rows = ROUTES.filter((r) => r.sessionOnly).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
  expect(marked.length).toBeGreaterThan(0)
  expect(rows.sort()).toEqual(marked.sort())
})

test('every registered API route has a row in the authorization table', () => {
  const registered = inspectRoutes(t.app)
    .filter((r) => !r.isMiddleware && r.path.startsWith('/api'))
    .map((r) => `${r.method} ${r.path}`)
  const listed = ROUTES.map((r) => `${r.method} ${r.path}`)
  expect(registered.length).toBeGreaterThan(0)
  expect(
    registered.filter((r) => !listed.includes(r)),
    'routes missing from the table',
  ).toEqual([])
  expect(
    listed.filter((r) => !registered.includes(r)),
    'rows for routes that do not exist',
  ).toEqual([])
})

describe.each(ROUTES)('$method $path ($access)', (row) => {
  test.each(CALLS)('as $caller with a $via', async ({ caller, via }) => {
    let person: SignedIn | undefined
    let who: SignedIn | undefined
    if (caller !== 'anonymous') {
      person = row.freshCallers
        ? await signIn(t, { role: caller.toLowerCase().includes('coach') ? 'coach' : 'client' })
        : fx[caller]
      who = via === 'cookie' ? person : row.freshCallers ? await withToken(t, person) : fx.tokens[caller]
    }
    const { path, body } = (await row.request?.(fx, caller, person)) ?? { path: row.path }
    const { 'content-type': _json, ...formHeaders } = jsonHeaders(who)
    const res = await t.app.request(path, {
      method: row.method,
      headers: row.form ? formHeaders : jsonHeaders(who),
      body: row.form ? row.form() : body === undefined ? undefined : JSON.stringify(body),
    })
    if (via === 'token' && row.sessionOnly) {
      expect(res.status, await res.clone().text()).toBe(403)
      expect(ApiErrorBodySchema.parse(await res.json()).message).toBe(apiTokenText.sessionOnly)
    } else if (via === 'token' && row.noTokens) {
      expect(res.status).toBe(403)
      ApiErrorBodySchema.parse(await res.json())
    } else if (ALLOWED[row.access].includes(caller) && row.stream) {
      expect(res.status).toBe(200)
      await res.body?.cancel()
    } else if (ALLOWED[row.access].includes(caller) && row.sessionOnly) {
      expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200)
      expect(res.status).toBeLessThan(300)
    } else if (ALLOWED[row.access].includes(caller)) {
      expect(res.status, await res.clone().text()).toBeLessThan(500)
      expect([401, 403]).not.toContain(res.status)
    } else {
      expect(res.status).toBe(caller === 'anonymous' ? 401 : 403)
      ApiErrorBodySchema.parse(await res.json())
    }
  })
})
