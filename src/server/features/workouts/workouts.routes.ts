import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  CopyWorkoutBody,
  CreateWorkoutBody,
  ListWorkoutsQuery,
  SaveWorkoutBody,
  WorkoutSchema,
  WorkoutSummarySchema,
} from '#shared/schemas/workouts.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import {
  copyWorkout,
  createWorkout,
  deleteWorkout,
  getWorkout,
  listWorkouts,
  saveWorkout,
  setWorkoutArchived,
} from './workouts.service.ts'

const route = apiRoutes.workouts

const IdParam = z.object({ id: z.uuid('Not a workout id') })

export const workoutsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.list,
    doc({
      summary: 'Your standalone workouts and the templates shared with you',
      response: z.array(WorkoutSummarySchema),
    }),
    validate('query', ListWorkoutsQuery),
    async (c) => c.json(await listWorkouts(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .post(
    route.list,
    doc({ summary: 'Create a standalone workout', response: WorkoutSchema, status: 201 }),
    validate('json', CreateWorkoutBody),
    async (c) => c.json(await createWorkout(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .get(
    route.one,
    doc({ summary: 'One standalone workout', response: WorkoutSchema }),
    validate('param', IdParam),
    async (c) => c.json(await getWorkout(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .put(
    route.one,
    doc({ summary: 'Save a standalone workout', response: WorkoutSchema }),
    validate('param', IdParam),
    validate('json', SaveWorkoutBody),
    async (c) => c.json(await saveWorkout(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.archive,
    doc({ summary: 'Archive a standalone workout', response: WorkoutSummarySchema }),
    validate('param', IdParam),
    async (c) => c.json(await setWorkoutArchived(c.var.db, c.var.profile, c.req.valid('param').id, true)),
  )
  .post(
    route.restore,
    doc({ summary: 'Restore an archived standalone workout', response: WorkoutSummarySchema }),
    validate('param', IdParam),
    async (c) => c.json(await setWorkoutArchived(c.var.db, c.var.profile, c.req.valid('param').id, false)),
  )
  .post(
    route.copy,
    doc({ summary: 'Copy a standalone workout', response: WorkoutSchema, status: 201 }),
    validate('param', IdParam),
    validate('json', CopyWorkoutBody),
    async (c) => c.json(await copyWorkout(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .delete(
    route.one,
    doc({ summary: 'Delete a standalone workout', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await deleteWorkout(c.var.db, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
