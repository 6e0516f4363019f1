import { createECDH, randomBytes } from 'node:crypto'
import { inspectRoutes } from 'hono/dev'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { API_TOKEN_NAME_MAX, apiTokenText } from '#shared/schemas/api-tokens.ts'
import { coachClients, progressionProposals } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  uniqueEmail,
  type SignedIn,
  type TestContext,
} from '../../tests/helpers/test-app.ts'

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
  /** The plan `coach` assigned to `client` (starting 2026-12-07); `planWorkoutId` is its day 1 of week 1. */
  assignedPlanId: string
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
  /** A device of `user` subscribed to push notifications. */
  deviceId: string
  /** A browser's push subscription keys. */
  pushKeys: { p256dh: string; auth: string }
  /** An amount habit of `client`'s, set by `coach`. */
  habitId: string
  /** A gym profile of `client`'s. */
  gymId: string
  /** A check-in form of `coach`'s, sent to `client` from today. */
  checkInFormId: string
  checkInScheduleId: string
  /** A check-in `client` sent on another schedule of that form. */
  checkInId: string
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
/** A check-in form of a scale and a note. */
const CHECK_IN_FORM: Json = {
  name: 'Weekly',
  questions: [
    { id: 'sleep', kind: 'scale', label: 'Sleep', required: true },
    { id: 'notes', kind: 'longText', label: 'Notes', required: false },
  ],
}
const todayUtc = () => new Date().toISOString().slice(0, 10)

const EXERCISE: Json = {
  movementId: '',
  superset: 'A',
  restSeconds: 90,
  tempo: '30X1',
  notes: 'Brace',
  progression: { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 },
  sets: [
    {
      reps: { min: 5, max: 8 },
      load: { kind: 'kg', value: 60 },
      rpe: 8,
      rir: 2,
      durationSeconds: 30,
      distanceMeters: 100,
    },
    { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 75 } },
  ],
}
const workoutContent = (fx: Fixtures): Json => ({
  title: 'Day one',
  notes: 'Warm up first',
  exercises: [{ ...(EXERCISE as object), movementId: fx.movementId }],
})
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
const RESTORED_MOVEMENT = '0b7a6e58-4a8e-4d4b-9c61-3f1d2e5a7c01'
const RESTORED_KEY = '6c1f0b8e-2d4a-4e7f-8a3b-5e9d1c7f2a10'
const RESTORE: Json = {
  format: 'coachline-export',
  version: 1,
  user: { id: 'source-user' },
  profile: {
    displayName: 'Restored lifter',
    primaryGoal: 'Strength',
    experienceLevel: 'Beginner',
    unit: 'kg',
    messageDigest: true,
  },
  movements: [
    {
      id: RESTORED_MOVEMENT,
      builtin: false,
      slug: null,
      name: 'Sled push',
      aliases: ['sled'],
      pattern: 'carry',
      primaryMuscles: ['quads'],
      secondaryMuscles: ['glutes'],
      equipment: ['machine'],
      tracking: 'distance_time',
      unilateral: false,
      instructions: 'Drive with the legs.',
      videoUrl: null,
      archivedAt: null,
    },
  ],
  plans: [
    {
      id: '2f6d8a1c-9b3e-4c5d-8e7f-1a2b3c4d5e60',
      name: 'Restored block',
      goal: 'Strength',
      description: 'Four weeks',
      weeks: 4,
      daysPerWeek: 3,
      deloadWeeks: [4],
      isTemplate: false,
      startDate: '2026-12-07',
      trainingDays: [1, 3, 5],
      assigned: true,
      status: 'completed',
      progression: { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 },
      progressionMode: 'apply',
      deload: { loadPercent: 20, setsRemoved: 1 },
      workouts: [
        {
          id: '3a7e9b2d-0c4f-4d6e-9f8a-2b3c4d5e6f71',
          week: 1,
          day: 1,
          title: 'Day one',
          notes: 'Warm up',
          exercises: [
            {
              id: '4b8f0c3e-1d5a-4e7f-8a9b-3c4d5e6f7a82',
              movementId: RESTORED_MOVEMENT,
              position: 0,
              restSeconds: 120,
              notes: 'Low',
              sets: [{ distanceMeters: 20, durationSeconds: 30 }],
            },
          ],
        },
      ],
    },
  ],
  workouts: [],
  bodyWeights: [{ measuredOn: '2026-11-01', weightKg: 80.5 }],
  sessions: [
    {
      id: '5c9a1d4f-2e6b-4f8a-9b0c-4d5e6f7a8b93',
      title: 'Day one',
      status: 'completed',
      startedAt: '2026-11-02T17:30:00.000Z',
      completedAt: '2026-11-02T18:30:00.000Z',
      rpe: 8,
      notes: 'Good',
      exercises: [
        {
          key: RESTORED_KEY,
          movementId: RESTORED_MOVEMENT,
          movementName: 'Sled push',
          tracking: 'distance_time',
          prescriptionId: null,
          superset: null,
          restSeconds: 120,
          notes: null,
          targets: [{ distanceMeters: 20 }],
        },
      ],
      sets: [
        {
          id: '6d0b2e5a-3f7c-4a9b-8c1d-5e6f7a8b9ca4',
          exerciseKey: RESTORED_KEY,
          movementId: RESTORED_MOVEMENT,
          setNumber: 1,
          reps: null,
          loadKg: null,
          rpe: 9,
          durationSeconds: 31,
          distanceMeters: 20,
          completed: true,
          note: 'Hard',
          editedAt: '2026-11-02T17:40:00.000Z',
        },
      ],
      comments: [
        {
          id: '7e1c3f6b-4a8d-4b0c-9d2e-6f7a8b9cab05',
          authorId: 'source-user',
          body: 'Note to self',
          createdAt: '2026-11-02T19:00:00.000Z',
        },
      ],
    },
  ],
}
const moveBody = async (fx: Fixtures): Promise<Json> => ({
  version: await fx.planVersion(),
  saveId: crypto.randomUUID(),
  from: { week: 1, day: 1 },
  to: { week: 2, day: 1 },
})

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
      plateSetups: {
        kg: { plateStep: 1.25, bar: 20, plates: [25, 20, 10, 5, 2.5, 1.25] },
        lb: { plateStep: 2.5, bar: 45, plates: [45, 25, 10, 5, 2.5] },
      },
      timeZone: 'Europe/Berlin',
    }),
  },
  ...['verify-email', 'magic-link', 'reset-token'].map((name) => ({
    method: 'POST',
    route: `/api/account/${name}`,
    path: () => `/api/account/${name}`,
    as: () => jsonHeaders(),
    body: () => ({ token: 'not-a-real-token' }),
  })),
  {
    method: 'POST',
    route: '/api/movements',
    path: () => '/api/movements',
    as: (fx) => headersOf(fx.coach),
    body: () => MOVEMENT,
  },
  {
    method: 'PATCH',
    route: '/api/movements/:id',
    path: (fx) => `/api/movements/${fx.movementId}`,
    as: (fx) => headersOf(fx.coach),
    body: () => MOVEMENT,
  },
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
  {
    method: 'PUT',
    route: '/api/plans/:id/days/:week/:day/date',
    path: (fx) => `/api/plans/${fx.assignedPlanId}/days/1/1/date`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ date: [todayUtc(), '2026-12-08'].sort()[1] ?? '' }),
  },
  {
    method: 'POST',
    route: '/api/plans/:id/copy-day',
    path: (fx) => `/api/plans/${fx.planId}/copy-day`,
    as: (fx) => headersOf(fx.coach),
    body: moveBody,
  },
  {
    method: 'POST',
    route: '/api/plans/:id/move-day',
    path: (fx) => `/api/plans/${fx.planId}/move-day`,
    as: (fx) => headersOf(fx.coach),
    body: moveBody,
  },
  {
    method: 'POST',
    route: '/api/plans/:id/copy-week',
    path: (fx) => `/api/plans/${fx.planId}/copy-week`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({
      version: await fx.planVersion(),
      saveId: crypto.randomUUID(),
      fromWeek: 1,
      toWeeks: [2, 3],
      progression: { kind: 'add_kg', amount: 2.5, unit: 'kg' },
    }),
  },
  {
    method: 'POST',
    route: '/api/plans/:id/copy',
    path: (fx) => `/api/plans/${fx.planId}/copy`,
    as: (fx) => headersOf(fx.coach),
    body: () => ({ name: 'Copy', isTemplate: true }),
  },
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
    body: (fx) => ({
      exerciseKey: fx.exerciseKey,
      setNumber: 1,
      reps: 3,
      loadKg: 50,
      rpe: 7,
      completed: true,
      note: 'Late',
      editedAt: '2020-01-01T00:00:00.000Z',
    }),
  },
  // The same route again, as a correction of a finished session's set.
  {
    method: 'PUT',
    route: '/api/sessions/:id/sets/:setId',
    path: (fx) => `/api/sessions/${fx.finished.sessionId}/sets/${fx.finished.setId}`,
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({
      exerciseKey: fx.finished.exerciseKey,
      setNumber: 1,
      reps: 4,
      loadKg: 62.5,
      rpe: 9,
      completed: true,
      note: 'Typo',
      editedAt: new Date().toISOString(),
    }),
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
    route: '/api/check-ins/forms',
    path: () => '/api/check-ins/forms',
    as: (fx) => headersOf(fx.coach),
    body: () => CHECK_IN_FORM,
  },
  {
    method: 'PUT',
    route: '/api/check-ins/forms/:id',
    path: (fx) => `/api/check-ins/forms/${fx.checkInFormId}`,
    as: (fx) => headersOf(fx.coach),
    body: () => CHECK_IN_FORM,
  },
  {
    method: 'POST',
    route: '/api/check-ins/schedules',
    path: () => '/api/check-ins/schedules',
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({
      clientId: fx.client.id,
      formId: fx.checkInFormId,
      cadence: 'weekly',
      weekday: 3,
      startsOn: todayUtc(),
    }),
  },
  {
    method: 'POST',
    route: '/api/check-ins',
    path: () => '/api/check-ins',
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({
      id: crypto.randomUUID(),
      scheduleId: fx.checkInScheduleId,
      dueOn: todayUtc(),
      answers: { sleep: 4, notes: 'Slept well' },
    }),
  },
  {
    method: 'POST',
    route: '/api/check-ins/:id/comments',
    path: (fx) => `/api/check-ins/${fx.checkInId}/comments`,
    as: (fx) => headersOf(fx.coach),
    body: () => ({ body: 'Good week' }),
  },
  {
    method: 'POST',
    route: '/api/gyms',
    path: () => '/api/gyms',
    as: (fx) => headersOf(fx.user),
    body: () => ({
      name: `Gym ${crypto.randomUUID().slice(0, 8)}`,
      equipment: ['barbell', 'bench'],
      plateSetups: { kg: { plateStep: 2.5, bar: 20, plates: [20, 10, 5, 2.5, 1.25] } },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/gyms/:id',
    path: (fx) => `/api/gyms/${fx.gymId}`,
    as: (fx) => headersOf(fx.client),
    body: () => ({
      name: 'Home',
      equipment: ['dumbbell', 'bench'],
      plateSetups: { lb: { plateStep: 5, bar: 45, plates: [45, 25, 10, 5, 2.5] } },
    }),
  },
  {
    method: 'PUT',
    route: '/api/gyms/current',
    path: () => '/api/gyms/current',
    as: (fx) => headersOf(fx.client),
    body: (fx) => ({ gymId: fx.gymId }),
  },
  {
    method: 'POST',
    route: '/api/habits',
    path: () => '/api/habits',
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({ clientId: fx.client.id, name: 'Protein', kind: 'amount', unit: 'g', target: 150 }),
  },
  {
    method: 'PATCH',
    route: '/api/habits/:id',
    path: (fx) => `/api/habits/${fx.habitId}`,
    as: (fx) => headersOf(fx.coach),
    body: () => ({ name: 'Steps a day', unit: 'steps', target: 9000, archived: false }),
  },
  {
    method: 'PUT',
    route: '/api/habits/:id/entries/:date',
    path: (fx) => `/api/habits/${fx.habitId}/entries/${todayUtc()}`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ value: 8500 }),
  },
  {
    method: 'POST',
    route: '/api/invites/accept',
    path: () => '/api/invites/accept',
    as: (fx) => headersOf(fx.user),
    body: () => ({ token: 'not-a-real-token', today: '2026-12-07' }),
  },
  {
    method: 'POST',
    route: '/api/invites',
    path: () => '/api/invites',
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({ email: uniqueEmail('invitee'), planId: fx.planId }),
  },
  {
    method: 'POST',
    route: '/api/workouts',
    path: () => '/api/workouts',
    as: (fx) => headersOf(fx.coach),
    body: (fx) => ({ ...(workoutContent(fx) as object), isTemplate: true }),
  },
  {
    method: 'PUT',
    route: '/api/workouts/:id',
    path: (fx) => `/api/workouts/${fx.workoutId}`,
    as: (fx) => headersOf(fx.coach),
    body: async (fx) => ({
      ...(workoutContent(fx) as object),
      version: await fx.workoutVersion(),
      saveId: crypto.randomUUID(),
      isTemplate: true,
    }),
  },
  {
    method: 'POST',
    route: '/api/workouts/:id/copy',
    path: (fx) => `/api/workouts/${fx.workoutId}/copy`,
    as: (fx) => headersOf(fx.client),
    body: () => ({ title: 'Mine', isTemplate: false }),
  },
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
  // A restore of a small export into `user`'s account (the same ids each time: it adds them once).
  {
    method: 'POST',
    route: '/api/data-export/restore',
    path: () => '/api/data-export/restore',
    as: (fx) => headersOf(fx.user),
    body: () => RESTORE,
  },
  {
    method: 'POST',
    route: '/api/chat/:otherId/read',
    path: (fx) => `/api/chat/${fx.client.id}/read`,
    as: (fx) => headersOf(fx.coach),
    body: () => ({ upTo: 1 }),
  },
  // better-auth's endpoints, behind the gate that reads their bodies first.
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/sign-up/email',
    as: () => jsonHeaders(),
    body: () => ({ email: uniqueEmail('signup'), password: 'Passw0rd!', name: 'New Lifter' }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/sign-in/email',
    as: () => jsonHeaders(),
    body: (fx) => ({ email: fx.user.email, password: 'Passw0rd!' }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/request-password-reset',
    as: () => jsonHeaders(),
    body: (fx) => ({ email: fx.user.email, redirectTo: 'http://127.0.0.1:3000/auth/reset' }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/reset-password',
    as: () => jsonHeaders(),
    body: () => ({ newPassword: 'Passw0rd!2', token: 'not-a-real-token' }),
  },
  {
    method: 'POST',
    route: '/api/auth/*',
    path: () => '/api/auth/update-user',
    as: (fx) => headersOf(fx.user),
    body: () => ({ name: 'Renamed' }),
  },
  // A personal API token (past the cap of tokens per account the valid body answers 409, still a 4xx).
  {
    method: 'POST',
    route: '/api/tokens',
    path: () => '/api/tokens',
    as: (fx) => headersOf(fx.user),
    body: () => ({ name: 'Sweep token', scope: 'read-write' }),
  },
  {
    method: 'PUT',
    route: '/api/notifications/settings',
    path: () => '/api/notifications/settings',
    as: (fx) => headersOf(fx.user),
    body: () => ({ quietHours: { start: '22:00', end: '07:00' }, workoutReminder: '18:30' }),
  },
  {
    method: 'POST',
    route: '/api/notifications/devices',
    path: () => '/api/notifications/devices',
    as: (fx) => headersOf(fx.user),
    body: (fx) => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/bad-input-sweep',
      keys: fx.pushKeys,
      label: 'Sweep phone',
      kinds: ['chat', 'comments'],
      replaces: 'https://fcm.googleapis.com/fcm/send/bad-input-sweep-before',
    }),
  },
  {
    method: 'PATCH',
    route: '/api/notifications/devices/:id',
    path: (fx) => `/api/notifications/devices/${fx.deviceId}`,
    as: (fx) => headersOf(fx.user),
    body: () => ({ kinds: ['chat'] }),
  },
  {
    method: 'PUT',
    route: '/api/notifications/devices/:id/rest',
    path: (fx) => `/api/notifications/devices/${fx.deviceId}/rest`,
    as: (fx) => headersOf(fx.user),
    body: (fx) => ({
      endsAt: new Date(Date.now() + 90_000).toISOString(),
      next: 'Back squat, set 2',
      sessionId: fx.sessionId,
    }),
  },
]

/** Test names: better-auth's routes share one pattern, so theirs show the endpoint. */
const CASES = JSON_ROUTES.map((route, index) => {
  const where = route.route === '/api/auth/*' ? String(route.path(undefined as never)) : route.route
  return [`${route.method} ${where} (${index})`, route] as const
})

/** Routes that take no body at all (their input is the path). */
const BODILESS = [
  'DELETE /api/progress-photos/:id',
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
  'DELETE /api/habits/:id/entries/:date',
  'DELETE /api/gyms/:id',
  'DELETE /api/check-ins/forms/:id',
  'DELETE /api/check-ins/schedules/:id',
  'POST /api/sessions/:id/discard',
  'POST /api/sessions/:id/comments/read',
  'POST /api/clients/:clientId/archive',
  'POST /api/invites/:id/resend',
  'POST /api/invites/:id/revoke',
  'POST /api/workouts/:id/archive',
  'POST /api/workouts/:id/restore',
  'DELETE /api/workouts/:id',
  // Hostile feed addresses (GET /api/calendar/:file) are in features/calendar/calendar.routes.test.ts.
  'POST /api/calendar',
  'DELETE /api/calendar',
  'DELETE /api/tokens/:id',
  'DELETE /api/notifications/devices/:id',
  'POST /api/notifications/devices/:id/test',
  'DELETE /api/notifications/devices/:id/rest',
]

type Path = (string | number)[]

/** Every place in a value a mutation can go: the value itself, and everything inside it. */
function pathsOf(value: Json, at: Path = []): { path: Path; value: Json }[] {
  const here = [{ path: at, value }]
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))]
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))]
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
  if (Array.isArray(value))
    return value.length
      ? [{ label: '10,000 elements', value: Array.from({ length: 10_000 }, () => value[0] ?? null) }]
      : []
  if (value && typeof value === 'object') return [{ label: 'an empty object', value: {} }]
  return []
}

function replaced(value: Json, path: Path, by: Json): Json {
  if (!path.length) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, by) : item))
  if (value && typeof value === 'object' && typeof head === 'string')
    return { ...value, [head]: replaced(value[head] ?? null, rest, by) }
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
    const res = await t.app.request(path, {
      method,
      headers: jsonHeaders(who),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const movementId = (await call<{ id: string }>(coach, 'POST', '/api/movements', MOVEMENT)).id
  const planId = (
    await call<{ id: string }>(coach, 'POST', '/api/plans', { name: 'Sweep plan', weeks: 4, daysPerWeek: 3 })
  ).id
  const planVersion = async () => (await call<{ version: number }>(coach, 'GET', `/api/plans/${planId}`)).version
  const partial = { coach, client, user, movementId } as Fixtures
  await call(coach, 'PUT', `/api/plans/${planId}/days/1/1`, {
    version: await planVersion(),
    workout: workoutContent(partial),
  })
  // The client trains a copy of it, assigned to them.
  const source = (
    await call<{ id: string }>(coach, 'POST', '/api/plans', { name: 'Assigned plan', weeks: 4, daysPerWeek: 3 })
  ).id
  await call(coach, 'PUT', `/api/plans/${source}/days/1/1`, { version: 1, workout: workoutContent(partial) })
  const assigned = await call<{ id: string }>(coach, 'POST', `/api/plans/${source}/assign`, {
    clientId: client.id,
    startDate: '2026-12-07',
  })
  const planWorkoutId =
    (await call<{ workouts: { id: string }[] }>(coach, 'GET', `/api/plans/${assigned.id}`)).workouts[0]?.id ?? ''
  const session = await call<{ id: string; exercises: (Json & { key: string })[] }>(client, 'POST', '/api/sessions', {
    planWorkoutId,
  })
  const exerciseKey = session.exercises[0]?.key ?? ''
  const setId = crypto.randomUUID()
  await call(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, {
    exerciseKey,
    setNumber: 1,
    reps: 5,
    loadKg: 60,
    editedAt: new Date().toISOString(),
  })
  const finishedId = (await call<{ id: string }>(client, 'POST', '/api/sessions', {})).id
  const finished = { sessionId: finishedId, exerciseKey: crypto.randomUUID(), setId: crypto.randomUUID() }
  // A built-in movement: a lifter adds only movements they may read.
  const squatId = (await call<{ items: { id: string }[] }>(client, 'GET', '/api/movements?q=back%20squat')).items[0]?.id
  await call(client, 'PATCH', `/api/sessions/${finishedId}`, {
    exercises: [{ ...(session.exercises[0] as object), key: finished.exerciseKey, movementId: squatId }],
  })
  await call(client, 'PUT', `/api/sessions/${finishedId}/sets/${finished.setId}`, {
    exerciseKey: finished.exerciseKey,
    setNumber: 1,
    reps: 5,
    loadKg: 60,
    editedAt: new Date().toISOString(),
  })
  await call(client, 'POST', `/api/sessions/${finishedId}/finish`, {})
  const ownPlanId = (
    await call<{ id: string }>(client, 'POST', '/api/plans', { name: 'My own block', weeks: 4, daysPerWeek: 3 })
  ).id
  await call(client, 'PUT', `/api/plans/${ownPlanId}/days/1/1`, {
    version: 1,
    workout: { title: 'Day one', exercises: [] },
  })
  const workoutId = (
    await call<{ id: string }>(coach, 'POST', '/api/workouts', {
      ...(workoutContent(partial) as object),
      isTemplate: true,
    })
  ).id
  const pushKeys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
  const device = await call<{ id: string }>(partial.user, 'POST', '/api/notifications/devices', {
    endpoint: 'https://fcm.googleapis.com/fcm/send/bad-input-sweep',
    keys: pushKeys,
  })
  const habit = await call<{ id: string }>(coach, 'POST', '/api/habits', {
    clientId: client.id,
    name: 'Steps',
    kind: 'amount',
    unit: 'steps',
    target: 8000,
  })
  const checkInForm = await call<{ id: string }>(coach, 'POST', '/api/check-ins/forms', CHECK_IN_FORM)
  const checkInSchedule = await call<{ id: string }>(coach, 'POST', '/api/check-ins/schedules', {
    clientId: client.id,
    formId: checkInForm.id,
    cadence: 'every',
    everyDays: 7,
    startsOn: todayUtc(),
  })
  const answered = await call<{ id: string }>(coach, 'POST', '/api/check-ins/schedules', {
    clientId: client.id,
    formId: checkInForm.id,
    cadence: 'every',
    everyDays: 14,
    startsOn: todayUtc(),
  })
  const checkIn = await call<{ id: string }>(client, 'POST', '/api/check-ins', {
    id: crypto.randomUUID(),
    scheduleId: answered.id,
    dueOn: todayUtc(),
    answers: { sleep: 3 },
  })
  const gym = await call<{ id: string }>(client, 'POST', '/api/gyms', { name: 'Home', equipment: ['dumbbell'] })
  fx = {
    ...partial,
    habitId: habit.id,
    gymId: gym.id,
    checkInFormId: checkInForm.id,
    checkInScheduleId: checkInSchedule.id,
    checkInId: checkIn.id,
    deviceId: device.id,
    pushKeys,
    planId,
    planWorkoutId,
    assignedPlanId: assigned.id,
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
        .values({
          planId: assigned.id,
          planWorkoutId,
          movementId,
          clientId: client.id,
          fromSets: [],
          toSets: [],
          reason: '+1 rep',
        })
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
  const covered = [
    ...JSON_ROUTES.map((r) => `${r.method} ${r.route}`),
    ...BODILESS,
    ...UPLOAD_ROUTES.map((path) => `POST ${path}`),
  ]
  expect(
    registered.filter((r) => !covered.includes(r)),
    'routes missing from the sweep',
  ).toEqual([])
})

test('each base body is valid for its route', async () => {
  for (const route of JSON_ROUTES) {
    const path = await route.path(fx)
    const res = await send(
      path,
      { method: route.method, headers: route.as(fx), body: JSON.stringify(await route.body(fx)) },
      `${route.method} ${path}`,
    )
    // Tokens and the plan's already-assigned client are made up: those answer 4xx on purpose.
    if (/not-a-real-token/.test(JSON.stringify(await route.body(fx))))
      expect(res.status, `${route.method} ${path}: ${res.text}`).toBeLessThan(500)
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
          const res = await send(
            path,
            { method: route.method, headers: route.as(fx), body: JSON.stringify(body) },
            label,
          )
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`)
          else if (res.status >= 400 && !ApiErrorBodySchema.safeParse(JSON.parse(res.text)).success)
            failures.push(`${label}: ${res.status} not an error body`)
          // Text that cannot be stored as sent is refused by name, never saved mangled.
          else if (hostile.value === LONE_SURROGATE || hostile.label === 'a lone surrogate inside text') {
            const fields = res.status === 400 ? ApiErrorBodySchema.parse(JSON.parse(res.text)).fields : undefined
            if (!fields?.[at.join('.')])
              failures.push(`${label}: ${res.status} does not name the field ${res.text.slice(0, 200)}`)
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
        [
          'a form',
          { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&notes=y' },
        ],
        [
          'multipart',
          {
            headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
            body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
          },
        ],
        ['no body and no content type', { headers }],
        ['a JSON body without a content type', { headers, body: new TextEncoder().encode(json) }],
        // Deeper than any call stack, and still under the body size limit.
        ['JSON nested 400,000 deep', { headers: route.as(fx), body: `${'['.repeat(400_000)}${']'.repeat(400_000)}` }],
        [
          'a field nested 400,000 deep',
          { headers: route.as(fx), body: `{"name":${'['.repeat(400_000)}${']'.repeat(400_000)}}` },
        ],
      ]
      for (const [label, init] of variants) {
        const path = await route.path(fx)
        const res = await send(path, { method: route.method, ...init }, `${route.method} ${path} with ${label}`)
        const where = `${route.method} ${path} with ${label}: ${res.status} ${res.text.slice(0, 200)}`
        if (res.status >= 500) failures.push(where)
        else if (res.status >= 400 && !ApiErrorBodySchema.safeParse(JSON.parse(res.text)).success)
          failures.push(`${where} (not an error body)`)
        // Our own routes take JSON alone: a body in another format is refused, never read as "no fields".
        else if (!route.route.startsWith('/api/auth/') && NOT_JSON.includes(label) && res.status !== 415)
          failures.push(`${where} (expected 415)`)
      }
      expect(failures).toEqual([])
    },
    60_000,
  )
})

/**
 * Routes that take a file (multipart/form-data) instead of JSON: the history import
 * (docs/import.md) and progress photos (whose own test sends them images that are not ones).
 */
const UPLOAD_ROUTES = ['/api/history-import/preview', '/api/history-import', '/api/progress-photos']

const STRONG_CSV =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2023-05-14 08:03:11,Push,1h,Curl,1,20,10,0,0,,,\n'
const CURL_MAPPING = JSON.stringify([{ name: 'Curl', create: { name: 'Curl', tracking: 'weight_reps' } }])

function upload(file: Uint8Array | string | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  if (file !== null) form.set('file', new File([file], 'strong.csv', { type: 'text/csv' }))
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return form
}

describe('an upload route sent a hostile upload answers < 500, and an import of it is refused and writes nothing', () => {
  const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`
  const hostile: [string, () => FormData | string][] = [
    ['no file', () => upload(null, { mapping: CURL_MAPPING })],
    ['the file as a text field', () => upload(null, { file: STRONG_CSV, mapping: CURL_MAPPING })],
    ['an empty file', () => upload('', { mapping: CURL_MAPPING })],
    ['binary bytes', () => upload(new Uint8Array([0, 1, 2, 3, 255, 254, 0]), { mapping: CURL_MAPPING })],
    ['a zip archive', () => upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), { mapping: CURL_MAPPING })],
    ['a CSV of something else', () => upload('a,b,c\n1,2,3\n', { mapping: CURL_MAPPING })],
    ['a huge cell', () => upload(STRONG_CSV.replace('Push', 'P'.repeat(200_000)), { mapping: CURL_MAPPING })],
    ['an unclosed quote', () => upload(STRONG_CSV.replace('Push', '"Push'), { mapping: CURL_MAPPING })],
    [
      'invalid UTF-8 and a lone surrogate escape',
      () =>
        upload(new Uint8Array([...new TextEncoder().encode(STRONG_CSV), 0xc3, 0x28, 0xed, 0xa0, 0x80]), {
          mapping: CURL_MAPPING,
        }),
    ],
    ['a huge unit', () => upload(STRONG_CSV, { unit: 'k'.repeat(100_000), mapping: CURL_MAPPING })],
    ['a huge time zone', () => upload(STRONG_CSV, { timeZone: 'Europe/'.repeat(10_000), mapping: CURL_MAPPING })],
    ['a mapping nested 400,000 deep', () => upload(STRONG_CSV, { mapping: deep })],
    [
      'a mapping with a huge array',
      () =>
        upload(STRONG_CSV, {
          mapping: JSON.stringify(
            Array.from({ length: 20_000 }, () => ({ name: 'Curl', movementId: crypto.randomUUID() })),
          ),
        }),
    ],
    [
      'a mapping with a lone surrogate',
      () => upload(STRONG_CSV, { mapping: '[{"name":"Curl","create":{"name":"\\ud800","tracking":"weight_reps"}}]' }),
    ],
    [
      'a mapping with a NUL',
      () =>
        upload(STRONG_CSV, {
          mapping: JSON.stringify([{ name: 'Curl', create: { name: 'Cu\u0000rl', tracking: 'weight_reps' } }]),
        }),
    ],
    ['a mapping of the wrong shape', () => upload(STRONG_CSV, { mapping: JSON.stringify({ Curl: 'yes' }) })],
    [
      'a movement id that is not one',
      () => upload(STRONG_CSV, { mapping: JSON.stringify([{ name: 'Curl', movementId: "1' or 1=1 --" }]) }),
    ],
    ['1 MB of one-letter rows', () => upload(STRONG_CSV + 'a\n'.repeat(512 * 1024), { mapping: CURL_MAPPING })],
    ['1 MB of rows of separators', () => upload(STRONG_CSV + ',\n'.repeat(512 * 1024), { mapping: CURL_MAPPING })],
    [
      '1,001 different exercise names',
      () =>
        upload(
          STRONG_CSV +
            Array.from({ length: 1001 }, (_, i) => `2023-05-14 08:03:11,Push,1h,Curl ${i},1,20,10,0,0,,,\n`).join(''),
          { mapping: CURL_MAPPING },
        ),
    ],
    [
      'a date with an offset out of range',
      () => upload(STRONG_CSV.replace('2023-05-14 08:03:11', '2023-05-14T08:03:11+23:59'), { mapping: CURL_MAPPING }),
    ],
    [
      'the unit sent as a file',
      () => {
        const form = upload(STRONG_CSV, { mapping: CURL_MAPPING })
        form.set('unit', new File(['kg'], 'unit.txt'))
        return form
      },
    ],
    [
      'the mapping sent as a file',
      () => {
        const form = upload(STRONG_CSV)
        form.set('mapping', new File([CURL_MAPPING], 'mapping.json'))
        return form
      },
    ],
    [
      'two files',
      () => {
        const form = upload(STRONG_CSV, { mapping: CURL_MAPPING })
        form.append('file', new File([STRONG_CSV], 'again.csv'))
        return form
      },
    ],
    ['JSON instead of a form', () => JSON.stringify({ file: STRONG_CSV, mapping: CURL_MAPPING })],
    [
      'a multipart body cut short',
      () => '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nDate,',
    ],
  ]
  test.each(UPLOAD_ROUTES)(
    '%s',
    async (path) => {
      const failures: string[] = []
      const before = await t.db.execute(
        sql`select count(*)::int as n from workout_sessions where client_id = ${fx.client.id}`,
      )
      for (const [label, body] of hostile) {
        const made = body()
        const { 'content-type': _json, ...headers } = headersOf(fx.client)
        const contentType: Record<string, string> =
          typeof made !== 'string'
            ? {}
            : made.startsWith('--x')
              ? { 'content-type': 'multipart/form-data; boundary=x' }
              : { 'content-type': 'application/json' }
        const res = await send(
          path,
          { method: 'POST', headers: { ...headers, ...contentType }, body: made },
          `${path} with ${label}`,
        )
        // The preview writes nothing and reads no mapping: a file it can read is a 200 there.
        if (res.status >= 500 || (res.status < 400 && path !== '/api/history-import/preview'))
          failures.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`)
        else if (res.status >= 400 && !ApiErrorBodySchema.safeParse(JSON.parse(res.text)).success)
          failures.push(`${label}: ${res.status} not an error body`)
      }
      expect(failures).toEqual([])
      const after = await t.db.execute(
        sql`select count(*)::int as n from workout_sessions where client_id = ${fx.client.id}`,
      )
      expect(JSON.stringify(after)).toBe(JSON.stringify(before))
    },
    120_000,
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
    const res = await t.app.request('/api/tokens', {
      method: 'POST',
      headers: jsonHeaders(owner),
      body: JSON.stringify(body),
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const error = ApiErrorBodySchema.parse(await res.json())
    if (field && message) expect(error.fields?.[field]).toContain(message)
    expect(await (await t.app.request('/api/tokens', { headers: jsonHeaders(owner) })).json()).toEqual([])
  })

  test('revoking a token by a malformed or unknown id answers 400 or 404 and revokes nothing', async () => {
    const owner = await signIn(t)
    const made = await t.app.request('/api/tokens', {
      method: 'POST',
      headers: jsonHeaders(owner),
      body: JSON.stringify({ name: 'Keep', scope: 'read' }),
    })
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
