import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  CheckInBody,
  CheckInDetailSchema,
  CheckInSchema,
  CheckInsSchema,
  ClientQuery,
  CommentBody,
  CommentSchema,
  IdParam,
  OpenCheckInsSchema,
  ScheduleBody,
  ScheduleSchema,
  FormBody,
  FormSchema,
} from '#shared/schemas/check-ins.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import {
  addComment,
  addSchedule,
  addForm,
  archiveForm,
  endSchedule,
  getCheckIn,
  listCheckIns,
  listSchedules,
  listForms,
  openCheckIns,
  replaceForm,
  submitCheckIn,
} from './check-ins.service.ts'

const route = apiRoutes.checkIns
const ClientIdQuery = z.object({ clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))) })

/** Check-ins (docs/check-ins.md): a coach's forms and schedules; a client's answers; comments on them. */
export const checkInsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(route.forms, doc({ summary: 'Your check-in forms (a coach)', response: z.array(FormSchema) }), async (c) =>
    c.json(await listForms(c.var.db, c.var.profile)),
  )
  .post(
    route.forms,
    doc({ summary: 'Write a check-in form: its name and questions', response: FormSchema, status: 201 }),
    validate('json', FormBody),
    async (c) => c.json(await addForm(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .put(
    route.form,
    doc({ summary: 'Change a check-in form (check-ins already in keep their questions)', response: FormSchema }),
    validate('param', IdParam),
    validate('json', FormBody),
    async (c) => c.json(await replaceForm(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    route.form,
    doc({ summary: 'Delete a check-in form and stop its schedules', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await archiveForm(c.var.db, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
  .get(
    route.schedules,
    doc({
      summary: 'A client’s check-in schedules, each with the check-in open now',
      response: z.array(ScheduleSchema),
    }),
    validate('query', ClientIdQuery),
    async (c) => c.json(await listSchedules(c.var.db, c.var.profile, c.req.valid('query').clientId)),
  )
  .post(
    route.schedules,
    doc({
      summary: 'Send a form to your client, weekly on a weekday or every N days',
      response: ScheduleSchema,
      status: 201,
    }),
    validate('json', ScheduleBody),
    async (c) => c.json(await addSchedule(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .delete(
    route.schedule,
    doc({ summary: 'Stop a check-in schedule (check-ins already in stay)', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await endSchedule(c.var.db, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
  .get(
    route.open,
    doc({ summary: 'The check-ins you have to fill in now (a client)', response: OpenCheckInsSchema }),
    async (c) => c.json(await openCheckIns(c.var.db, c.var.profile)),
  )
  .get(
    route.list,
    doc({ summary: 'A page of a client’s check-ins with their comments, newest first', response: CheckInsSchema }),
    validate('query', ClientQuery),
    async (c) => c.json(await listCheckIns(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .post(
    route.list,
    doc({ summary: 'Send your answers to an open check-in (late ones too)', response: CheckInSchema, status: 201 }),
    validate('json', CheckInBody),
    async (c) => {
      const { checkIn, created } = await submitCheckIn(c.var.db, c.var.profile, c.req.valid('json'))
      return c.json(checkIn, created ? 201 : 200)
    },
  )
  .get(
    route.one,
    doc({
      summary: 'One check-in, its comments and the earlier answers of its schedule',
      response: CheckInDetailSchema,
    }),
    validate('param', IdParam),
    async (c) => c.json(await getCheckIn(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .post(
    route.comments,
    doc({ summary: 'Comment on a check-in (the client’s coach, or the client)', response: CommentSchema, status: 201 }),
    validate('param', IdParam),
    validate('json', CommentBody),
    async (c) =>
      c.json(await addComment(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json').body), 201),
  )
