import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  CommentBody,
  CommentSchema,
  DeleteSetQuery,
  FinishSessionBody,
  LogSetBody,
  SessionSchema,
  SessionSummarySchema,
  SetLogSchema,
  StartSessionBody,
  UnreadCommentsSchema,
  UpdateSessionBody,
} from '#shared/schemas/sessions.ts'
import { MovementStatsSchema, SessionReportSchema } from '#shared/schemas/session-reports.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile, requireUser } from '#server/middleware/sign-in.ts'
import { addComment, readComments, unreadComments } from './comments.service.ts'
import { movementStats, sessionReport } from './report.service.ts'
import {
  discardSession,
  finishSession,
  getSession,
  listSessions,
  startSession,
  updateSession,
} from './sessions.service.ts'
import { deleteSet, logSet } from './set-logs.service.ts'

const route = apiRoutes.sessions

const IdParam = z.object({ id: z.uuid('Not a session id') })
const SetParam = z.object({ id: z.uuid('Not a session id'), setId: z.uuid('A set id is a UUID made by the client') })
const ListQuery = z.object({
  clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  planId: z.optional(z.uuid('Not a plan id')),
  limit: z._default(
    z.coerce
      .number('limit must be a number')
      .check(
        z.int('limit must be a whole number'),
        z.gte(1, 'limit must be 1 to 100'),
        z.lte(100, 'limit must be 1 to 100'),
      ),
    20,
  ),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const StatsQuery = z.object({
  movementIds: z
    .pipe(
      z.string('movementIds is a comma-separated list').check(z.maxLength(40 * 37)),
      z.transform((value) => [...new Set(value.split(',').filter(Boolean))]),
    )
    .check(
      z.refine(
        (ids) => ids.length <= 40 && ids.every((id) => UUID.test(id)),
        'movementIds must be up to 40 movement ids',
      ),
    ),
})

/** Workout sessions: clients start and log their own; their active coach reads and comments. */
export const sessionsRoutes = new Hono<AppEnv>()
  // Logging a set is the hottest call of the gym: only the session's own client may, which the
  // query itself checks, so these two skip the profile lookup the other routes make.
  .put(
    route.set,
    doc({
      summary: 'Log or edit a set; its id is yours (UUID), so a replay is stored once, and the latest editedAt wins',
      response: SetLogSchema,
    }),
    requireUser,
    validate('param', SetParam),
    validate('json', LogSetBody),
    async (c) => {
      const { id, setId } = c.req.valid('param')
      return c.json(await logSet(c.var.db, c.var.user.id, id, setId, c.req.valid('json')))
    },
  )
  .delete(
    route.set,
    doc({ summary: 'Remove a logged set', status: 204 }),
    requireUser,
    validate('param', SetParam),
    validate('query', DeleteSetQuery),
    async (c) => {
      const { id, setId } = c.req.valid('param')
      await deleteSet(c.var.db, c.var.user.id, id, setId, c.req.valid('query').editedAt)
      return c.body(null, 204)
    },
  )
  .use(requireProfile())
  .get(
    route.list,
    doc({
      summary: 'Sessions: yours, or a client’s (clientId), newest first',
      response: z.array(SessionSummarySchema),
    }),
    validate('query', ListQuery),
    async (c) => c.json(await listSessions(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    route.unreadComments,
    doc({ summary: 'Comments on sessions you have not read', response: UnreadCommentsSchema }),
    async (c) => c.json(await unreadComments(c.var.db, c.var.profile)),
  )
  .get(
    route.movementStats,
    doc({ summary: 'Your last performance and best e1RM for some movements', response: z.array(MovementStatsSchema) }),
    validate('query', StatsQuery),
    async (c) => c.json(await movementStats(c.var.db, c.var.profile, c.req.valid('query').movementIds)),
  )
  .post(
    route.list,
    doc({
      summary: 'Start a session (from a planned workout, a standalone workout, or empty)',
      response: SessionSchema,
      status: 201,
    }),
    requireProfile('client'),
    validate('json', StartSessionBody),
    async (c) => c.json(await startSession(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .get(
    route.one,
    doc({ summary: 'One session with its exercises and logged sets', response: SessionSchema }),
    validate('param', IdParam),
    async (c) => c.json(await getSession(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .get(
    route.report,
    doc({ summary: 'A session’s review: sets against their targets, records', response: SessionReportSchema }),
    validate('param', IdParam),
    async (c) => c.json(await sessionReport(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .patch(
    route.one,
    doc({ summary: 'Change a session (notes, exercises)', response: SessionSchema }),
    validate('param', IdParam),
    validate('json', UpdateSessionBody),
    async (c) => c.json(await updateSession(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.finish,
    doc({ summary: 'Finish a session', response: SessionSchema }),
    validate('param', IdParam),
    validate('json', FinishSessionBody),
    async (c) => c.json(await finishSession(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.discard,
    doc({ summary: 'Discard a session in progress', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await discardSession(c.var.db, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
  .post(
    route.comments,
    doc({ summary: 'Comment on a session (its lifter or their coach)', response: CommentSchema, status: 201 }),
    validate('param', IdParam),
    validate('json', CommentBody),
    async (c) => c.json(await addComment(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .post(
    route.readComments,
    doc({ summary: 'Mark a session’s comments read', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await readComments(c.var.db, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
