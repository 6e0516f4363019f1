import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import {
  BodyWeightBody,
  BodyWeightParam,
  BodyWeightSchema,
  BodyWeightsQuery,
  BodyWeightsSchema,
  E1rmQuery,
  E1rmSeriesSchema,
  ProgressMovementsQuery,
  ProgressMovementsSchema,
  ProgressQuery,
  ProgressSchema,
  TimedResultsQuery,
} from '#shared/schemas/progress.ts'
import { TimedResultsSchema } from '#shared/schemas/timed-work.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { deleteBodyWeight, listBodyWeights, putBodyWeight } from './body-weights.service.ts'
import { e1rmSeries } from './e1rm-series.service.ts'
import { getProgress, searchTrainedMovements } from './progress.service.ts'
import { timedResults } from './timed-results.service.ts'

const progressRoute = apiRoutes.progress
const bodyWeightRoute = apiRoutes.bodyWeights

/** A lifter's progress: read by the lifter and by their active coach. */
export const progressRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    progressRoute.overview,
    doc({
      summary: 'A lifter’s progress: volume, adherence, records (yours, or your client’s by clientId)',
      response: ProgressSchema,
    }),
    validate('query', ProgressQuery),
    async (c) => c.json(await getProgress(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    progressRoute.e1rm,
    doc({ summary: 'A lifter’s estimated one-rep max over time for one movement', response: E1rmSeriesSchema }),
    validate('query', E1rmQuery),
    async (c) => c.json(await e1rmSeries(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    progressRoute.timed,
    doc({
      summary: 'A lifter’s timed blocks (EMOMs, intervals, circuits) and what each came to, newest first',
      response: TimedResultsSchema,
    }),
    validate('query', TimedResultsQuery),
    async (c) => c.json(await timedResults(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    progressRoute.movements,
    doc({ summary: 'Search the movements a lifter has trained', response: ProgressMovementsSchema }),
    validate('query', ProgressMovementsQuery),
    async (c) => c.json(await searchTrainedMovements(c.var.db, c.var.profile, c.req.valid('query'))),
  )

/** Body weight: one reading a day, written by the lifter alone; their coach reads it. */
export const bodyWeightsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    bodyWeightRoute.list,
    doc({ summary: 'A lifter’s body-weight readings', response: BodyWeightsSchema }),
    validate('query', BodyWeightsQuery),
    async (c) => c.json(await listBodyWeights(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .put(
    bodyWeightRoute.one,
    doc({ summary: 'Record your body weight for a day', response: BodyWeightSchema }),
    validate('param', BodyWeightParam),
    validate('json', BodyWeightBody),
    async (c) =>
      c.json(await putBodyWeight(c.var.db, c.var.profile, c.req.valid('param').date, c.req.valid('json').weightKg)),
  )
  .delete(
    bodyWeightRoute.one,
    doc({ summary: 'Remove your body-weight reading of a day', status: 204 }),
    validate('param', BodyWeightParam),
    async (c) => {
      await deleteBodyWeight(c.var.db, c.var.profile, c.req.valid('param').date)
      return c.body(null, 204)
    },
  )
