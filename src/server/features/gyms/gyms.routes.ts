import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  CreateGymBody,
  CurrentGymBody,
  GymListSchema,
  GymSchema,
  gymApiText,
  UpdateGymBody,
} from '#shared/schemas/gyms.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { forgetChangedProfile, requireProfile } from '#server/middleware/sign-in.ts'
import { createGym, listGyms, removeGym, setCurrentGym, updateGym } from './gyms.service.ts'

const route = apiRoutes.gyms
const IdParam = z.object({ id: z.uuid(gymApiText.notFound) })

/** A lifter's gym profiles (docs/gyms.md): each their own, never a coach's to see or change. */
// A profile carries its current gym: a change here is a change of the profile this server keeps.
export const gymsRoutes = new Hono<AppEnv>()
  .use(forgetChangedProfile)
  .use(requireProfile())
  .get(route.list, doc({ summary: 'Your gyms, and the one you train at now', response: GymListSchema }), async (c) =>
    c.json(await listGyms(c.var.db, c.var.profile)),
  )
  .post(
    route.list,
    doc({ summary: 'Add a gym: its name, equipment and plates', response: GymSchema, status: 201 }),
    validate('json', CreateGymBody),
    async (c) => c.json(await createGym(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .put(
    route.current,
    doc({ summary: 'Choose the gym you train at now (null: none)', response: GymListSchema }),
    validate('json', CurrentGymBody),
    async (c) => c.json(await setCurrentGym(c.var.db, c.var.profile, c.req.valid('json').gymId)),
  )
  .patch(
    route.one,
    doc({ summary: 'Rename a gym, or change its equipment or plates', response: GymSchema }),
    validate('param', IdParam),
    validate('json', UpdateGymBody),
    async (c) => c.json(await updateGym(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(route.one, doc({ summary: 'Remove a gym', status: 204 }), validate('param', IdParam), async (c) => {
    await removeGym(c.var.db, c.var.profile, c.req.valid('param').id)
    return c.body(null, 204)
  })
