import {
  PlanSchema,
  PlanSummarySchema,
  type MovePlanDayInput,
  type AssignPlanInput,
  type CopyPlanInput,
  type PlanTrainingDaysInput,
  type SavePlanDayInput,
  type StartPlanInput,
  type UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import { type CopyDayInput, type CopyWeekInput } from '#shared/schemas/plan-grid.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { planQueries } from './plan-queries.ts'
import type { SavedDocument, SaveRequest, Unversioned } from './use-save-queue.ts'

/** A plan as the builder's save queue knows it. */
export const planDocument = (id: string): SavedDocument => ({
  path: apiPaths.plans.one(id),
  queryKey: planQueries.detail(id).queryKey,
})

/**
 * The builder's changes, as data for its save queue: each is sent naming the version it was made
 * on (a stale one answers 409) and with its own save id.
 */
export const planSaves = {
  update: (id: string, body: Unversioned<UpdatePlanInput>): SaveRequest => ({
    method: 'PATCH',
    path: apiPaths.plans.one(id),
    body,
  }),
  saveDay: (id: string, week: number, day: number, body: Unversioned<SavePlanDayInput>): SaveRequest => ({
    method: 'PUT',
    path: apiPaths.plans.day(id, week, day),
    body,
  }),
  copyDay: (id: string, body: Unversioned<CopyDayInput>): SaveRequest => ({
    method: 'POST',
    path: apiPaths.plans.copyDay(id),
    body,
  }),
  moveDay: (id: string, body: Unversioned<CopyDayInput>): SaveRequest => ({
    method: 'POST',
    path: apiPaths.plans.moveDay(id),
    body,
  }),
  copyWeek: (id: string, body: Unversioned<CopyWeekInput>): SaveRequest => ({
    method: 'POST',
    path: apiPaths.plans.copyWeek(id),
    body,
  }),
  trainingDays: (id: string, body: Unversioned<PlanTrainingDaysInput>): SaveRequest => ({
    method: 'PUT',
    path: apiPaths.plans.trainingDays(id),
    body,
  }),
}

/** The plan's other calls. */
export const planCalls = {
  copy: (id: string, body: CopyPlanInput) =>
    apiRequest(apiPaths.plans.copy(id), { method: 'POST', body, schema: PlanSummarySchema }),
  start: (id: string, body: StartPlanInput) =>
    apiRequest(apiPaths.plans.start(id), { method: 'POST', body, schema: PlanSummarySchema }),
  assign: (id: string, body: AssignPlanInput) =>
    apiRequest(apiPaths.plans.assign(id), { method: 'POST', body, schema: PlanSummarySchema }),
  archive: (id: string) =>
    apiRequest(apiPaths.plans.archive(id), { method: 'POST', body: {}, schema: PlanSummarySchema }),
  restore: (id: string) =>
    apiRequest(apiPaths.plans.restore(id), { method: 'POST', body: {}, schema: PlanSummarySchema }),
  /** A planned workout trained on another date (the plan's own date puts it back). */
  moveToDate: (id: string, week: number, day: number, body: MovePlanDayInput) =>
    apiRequest(apiPaths.plans.dayDate(id, week, day), { method: 'PUT', body, schema: PlanSchema }),
  remove: (id: string) => apiRequest(apiPaths.plans.one(id), { method: 'DELETE' }),
}
