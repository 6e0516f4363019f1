import { Hono } from 'hono'
import * as z from 'zod/mini'
import { CreateMovementBody, ListMovementsQuery, UpdateMovementBody } from '#shared/schemas/movements.ts'
import type { AppEnv } from '#server/context.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { copyMovement, createMovement, getMovement, listMovements, setArchived, updateMovement } from './movements.service.ts'

const IdParam = z.object({ id: z.uuid('Not a movement id') })

export const movementsRoutes = new Hono<AppEnv>()
  .get('/', requireProfile(), validate('query', ListMovementsQuery), async (c) => c.json(await listMovements(c.var.db, c.var.profile, c.req.valid('query'))))
  .get('/:id', requireProfile(), validate('param', IdParam), async (c) => c.json(await getMovement(c.var.db, c.var.profile, c.req.valid('param').id)))
  .post('/', requireProfile('coach'), validate('json', CreateMovementBody), async (c) => c.json(await createMovement(c.var.db, c.var.profile, c.req.valid('json')), 201))
  .patch('/:id', requireProfile('coach'), validate('param', IdParam), validate('json', UpdateMovementBody), async (c) =>
    c.json(await updateMovement(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/archive', requireProfile('coach'), validate('param', IdParam), async (c) => c.json(await setArchived(c.var.db, c.var.profile, c.req.valid('param').id, true)))
  .post('/:id/restore', requireProfile('coach'), validate('param', IdParam), async (c) => c.json(await setArchived(c.var.db, c.var.profile, c.req.valid('param').id, false)))
  .post('/:id/copy', requireProfile('coach'), validate('param', IdParam), async (c) => c.json(await copyMovement(c.var.db, c.var.profile, c.req.valid('param').id), 201))
