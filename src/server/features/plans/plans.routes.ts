import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import { PlanSchema, PlanSummarySchema, PlanWorkoutDetailSchema } from '#shared/schemas/plans.ts'
import * as z from 'zod/mini'
import {
  AssignPlanBody,
  CopyPlanBody,
  CreatePlanBody,
  ListPlansQuery,
  MAX_DAYS_PER_WEEK,
  MAX_WEEKS,
  MovePlanDayBody,
  PlanTrainingDaysBody,
  SavePlanDayBody,
  StartPlanBody,
  UpdatePlanBody,
  planApiText,
} from '#shared/schemas/plans.ts'
import { CopyDayBody, CopyWeekBody, MoveDayBody } from '#shared/schemas/plan-grid.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { movePlanDay } from './plan-dates.service.ts'
import { copyDay, copyWeek, moveDay, savePlanDay } from './plan-grid.service.ts'
import { assignPlan, copyPlan, startPlan } from './plan-assignment.service.ts'
import {
  archivePlan,
  createPlan,
  deletePlan,
  getPlan,
  getPlanWorkout,
  listPlans,
  restorePlan,
  setTrainingDays,
  updatePlan,
} from './plans.service.ts'

const route = apiRoutes.plans

const IdParam = z.object({ id: z.uuid('Not a plan id') })
const PlanWorkoutParam = z.object({ planWorkoutId: z.uuid('Not a workout id') })
const CellParam = z.object({
  id: z.uuid('Not a plan id'),
  week: z.coerce
    .number(planApiText.week)
    .check(z.int(planApiText.week), z.gte(1, planApiText.week), z.lte(MAX_WEEKS, planApiText.week)),
  day: z.coerce
    .number(planApiText.day)
    .check(z.int(planApiText.day), z.gte(1, planApiText.day), z.lte(MAX_DAYS_PER_WEEK, planApiText.day)),
})

export const plansRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.list,
    doc({
      summary: 'Your plans (a coach’s templates and assigned plans, a client’s own and assigned)',
      response: z.array(PlanSummarySchema),
    }),
    validate('query', ListPlansQuery),
    async (c) => c.json(await listPlans(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    route.workout,
    doc({ summary: 'One planned workout with its plan’s context', response: PlanWorkoutDetailSchema }),
    validate('param', PlanWorkoutParam),
    async (c) => c.json(await getPlanWorkout(c.var.db, c.var.profile, c.req.valid('param').planWorkoutId)),
  )
  .post(
    route.list,
    doc({ summary: 'Create a plan', response: PlanSummarySchema, status: 201 }),
    validate('json', CreatePlanBody),
    async (c) => c.json(await createPlan(c.var.db, c.var.profile, c.req.valid('json')), 201),
  )
  .get(
    route.one,
    doc({ summary: 'A plan with all its weeks and days', response: PlanSchema }),
    validate('param', IdParam),
    async (c) => c.json(await getPlan(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .patch(
    route.one,
    doc({ summary: 'Change a plan’s name, goal, deload, progression rule…', response: PlanSummarySchema }),
    validate('param', IdParam),
    validate('json', UpdatePlanBody),
    async (c) => c.json(await updatePlan(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .put(
    route.day,
    doc({ summary: 'Save one day of a plan (null clears it)', response: PlanSchema }),
    validate('param', CellParam),
    validate('json', SavePlanDayBody),
    async (c) => {
      const { id, week, day } = c.req.valid('param')
      return c.json(await savePlanDay(c.var.db, c.var.profile, id, week, day, c.req.valid('json')))
    },
  )
  // The lifter's (or their coach's): the plan stays as it is, only the day's date changes.
  .put(
    route.dayDate,
    doc({ summary: 'Move a planned workout to another date (its plan’s own date puts it back)', response: PlanSchema }),
    validate('param', CellParam),
    validate('json', MovePlanDayBody),
    async (c) => {
      const { id, week, day } = c.req.valid('param')
      return c.json(await movePlanDay(c.var.db, c.var.profile, id, week, day, c.req.valid('json')))
    },
  )
  .post(
    route.copyDay,
    doc({ summary: 'Copy one day of a plan onto another', response: PlanSchema }),
    validate('param', IdParam),
    validate('json', CopyDayBody),
    async (c) => c.json(await copyDay(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.moveDay,
    doc({ summary: 'Move one day of a plan to another', response: PlanSchema }),
    validate('param', IdParam),
    validate('json', MoveDayBody),
    async (c) => c.json(await moveDay(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.copyWeek,
    doc({ summary: 'Copy a week onto other weeks, optionally with a progression', response: PlanSchema }),
    validate('param', IdParam),
    validate('json', CopyWeekBody),
    async (c) => c.json(await copyWeek(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.copy,
    doc({ summary: 'Copy a plan (as a template or a plan)', response: PlanSummarySchema, status: 201 }),
    validate('param', IdParam),
    validate('json', CopyPlanBody),
    async (c) => c.json(await copyPlan(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .post(
    route.archive,
    doc({ summary: 'Archive a plan', response: PlanSummarySchema }),
    validate('param', IdParam),
    async (c) => c.json(await archivePlan(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .post(
    route.restore,
    doc({ summary: 'Restore an archived plan', response: PlanSummarySchema }),
    validate('param', IdParam),
    async (c) => c.json(await restorePlan(c.var.db, c.var.profile, c.req.valid('param').id)),
  )
  .post(
    route.assign,
    doc({ summary: 'Assign a copy of a plan to one of your clients', response: PlanSummarySchema, status: 201 }),
    requireProfile('coach'),
    validate('param', IdParam),
    validate('json', AssignPlanBody),
    async (c) =>
      c.json(await assignPlan(c.var.db, c.var.profile.id, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  // A coach's; a self-coached lifter chooses theirs when they start a plan.
  .put(
    route.trainingDays,
    doc({ summary: 'Set the weekdays a plan trains on', response: PlanSummarySchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    validate('json', PlanTrainingDaysBody),
    async (c) => c.json(await setTrainingDays(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    route.start,
    doc({ summary: 'Start a plan of your own (self-coached client)', response: PlanSummarySchema }),
    requireProfile('client'),
    validate('param', IdParam),
    validate('json', StartPlanBody),
    async (c) => c.json(await startPlan(c.var.db, c.var.profile, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    route.one,
    doc({
      summary: 'Delete a plan: 204, or 200 {archived: true} when sessions were logged from it (it is archived instead)',
      status: 204,
    }),
    validate('param', IdParam),
    async (c) => {
      const { archived } = await deletePlan(c.var.db, c.var.profile, c.req.valid('param').id)
      // A plan with logged sessions is archived instead: 200 says so; 204 means it is gone.
      return archived ? c.json({ archived: true }) : c.body(null, 204)
    },
  )
