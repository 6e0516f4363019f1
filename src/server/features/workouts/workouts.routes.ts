import { Hono } from 'hono'
import * as z from 'zod/mini'
import { CopyWorkoutBody, CreateWorkoutBody, ListWorkoutsQuery, SaveWorkoutBody } from '#shared/schemas/workouts.ts'
import type { AppEnv } from '#server/context.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { copyWorkout, createWorkout, deleteWorkout, getWorkout, listWorkouts, saveWorkout, setWorkoutArchived } from './workouts.service.ts'

const IdParam = z.object({ id: z.uuid('Not a workout id') })

export const workoutsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get('/', validate('query', ListWorkoutsQuery), async (c) => c.json(await listWorkouts(c.var.db, c.var.profile, c.req.valid('query'))))
  .post('/', validate('json', CreateWorkoutBody), async (c) => c.json(await createWorkout(c.var.db, c.var.profile, c.req.valid('json')), 201))
  .get('/:id', validate('param', IdParam), async (c) => c.json(await getWorkout(c.var.db, c.var.profile, c.req.valid('param').id)))
  .put('/:id', validate('param', IdParam), validate('json', SaveWorkoutBody), async (c) =>
    c.json(await saveWorkout(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/archive', validate('param', IdParam), async (c) => c.json(await setWorkoutArchived(c.var.db, c.var.profile, c.req.valid('param').id, true)))
  .post('/:id/restore', validate('param', IdParam), async (c) => c.json(await setWorkoutArchived(c.var.db, c.var.profile, c.req.valid('param').id, false)))
  .post('/:id/copy', validate('param', IdParam), validate('json', CopyWorkoutBody), async (c) =>
    c.json(await copyWorkout(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .delete('/:id', validate('param', IdParam), async (c) => {
    await deleteWorkout(c.var.db, c.var.profile, c.req.valid('param').id)
    return c.body(null, 204)
  })
