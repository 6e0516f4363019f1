import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  HabitBody,
  HabitEntryBody,
  HabitEntryParam,
  HabitParam,
  HabitPatch,
  HabitSchema,
  HabitsQuery,
  HabitsSchema,
} from '#shared/schemas/habits.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { addHabit, changeHabit, deleteEntry, listHabits, putEntry } from './habits.service.ts'

const route = apiRoutes.habits
const EntrySchema = z.object({ date: z.string(), value: z.number(), met: z.boolean() })

/** Daily habits (docs/habits.md): a coach or the lifter sets them; the lifter ticks each day. */
export const habitsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.list,
    doc({
      summary: 'A lifter’s habits with their recent days (yours, or your client’s by clientId)',
      response: HabitsSchema,
    }),
    validate('query', HabitsQuery),
    async (c) => c.json(await listHabits(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .post(
    route.list,
    doc({
      summary: 'Set a daily habit: for yourself, or for your client by clientId',
      response: HabitSchema,
      status: 201,
    }),
    validate('json', HabitBody),
    async (c) => c.json(await addHabit(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .patch(
    route.one,
    doc({ summary: 'Rename a habit, change its unit or target, archive it or bring it back', response: HabitSchema }),
    validate('param', HabitParam),
    validate('json', HabitPatch),
    async (c) => c.json(await changeHabit(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .put(
    route.entry,
    doc({ summary: 'Log a day of your habit: its amount, or 1 for done', response: EntrySchema }),
    validate('param', HabitEntryParam),
    validate('json', HabitEntryBody),
    async (c) => {
      const { id, date } = c.req.valid('param')
      return c.json(await putEntry(c.var.db, c.var.profile, id, date, c.req.valid('json').value))
    },
  )
  .delete(
    route.entry,
    doc({ summary: 'Clear a day of your habit', status: 204 }),
    validate('param', HabitEntryParam),
    async (c) => {
      const { id, date } = c.req.valid('param')
      await deleteEntry(c.var.db, c.var.profile, id, date)
      return c.body(null, 204)
    },
  )
