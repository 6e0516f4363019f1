import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  CreateMovementBody,
  ListMovementsQuery,
  MovementPageSchema,
  MovementSchema,
  UpdateMovementBody,
} from '#shared/schemas/movements.ts'
import { SwapSuggestionsSchema, SwapsQuery } from '#shared/schemas/gyms.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { listMovements } from './movement-search.service.ts'
import { getMovement } from './movements.service.ts'
import { swapSuggestions } from './swaps.service.ts'
import { copyMovement, createMovement, setArchived, updateMovement } from './own-movements.service.ts'

const route = apiRoutes.movements

const IdParam = z.object({ id: z.uuid('Not a movement id') })

export const movementsRoutes = new Hono<AppEnv>()
  .get(
    route.list,
    doc({
      summary: 'Search the movement library (built-in and your own), a page at a time',
      response: MovementPageSchema,
    }),
    requireProfile(),
    validate('query', ListMovementsQuery),
    async (c) => c.json(await listMovements(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    route.one,
    doc({ summary: 'One movement', response: MovementSchema }),
    requireProfile(),
    validate('param', IdParam),
    async (c) => c.json(await getMovement(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .get(
    route.swaps,
    doc({
      summary: 'Movements to do in its place at your gym (the one you train at now, or gymId), best first',
      response: SwapSuggestionsSchema,
    }),
    requireProfile(),
    validate('param', IdParam),
    validate('query', SwapsQuery),
    async (c) =>
      c.json(await swapSuggestions(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('query').gymId)),
  )
  .post(
    route.list,
    doc({ summary: 'Add a movement to your library', response: MovementSchema, status: 201 }),
    requireProfile('coach'),
    validate('json', CreateMovementBody),
    async (c) => c.json(await createMovement(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .patch(
    route.one,
    doc({ summary: 'Change one of your movements', response: MovementSchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    validate('json', UpdateMovementBody),
    async (c) => c.json(await updateMovement(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.archive,
    doc({ summary: 'Archive one of your movements', response: MovementSchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    async (c) => c.json(await setArchived(c.var.db, c.var.profile, c.req.valid('param').id, true)),
  )
  .post(
    route.restore,
    doc({ summary: 'Restore an archived movement', response: MovementSchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    async (c) => c.json(await setArchived(c.var.db, c.var.profile, c.req.valid('param').id, false)),
  )
  .post(
    route.copy,
    doc({ summary: 'Copy a movement into your own library', response: MovementSchema, status: 201 }),
    requireProfile('coach'),
    validate('param', IdParam),
    async (c) => c.json(await copyMovement(c.var.db, c.var.profile, c.req.valid('param').id), 201),
  )
