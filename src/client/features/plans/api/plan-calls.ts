import {
  PlanSchema,
  PlanSummarySchema,
  type MovePlanDayInput,
  type AssignPlanInput,
  type CopyDayInput,
  type CopyPlanInput,
  type CopyWeekInput,
  type PlanTrainingDaysInput,
  type SavePlanDayInput,
  type StartPlanInput,
  type UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { planQueries } from './plan-queries.ts'
import type { SavedDocument, SaveRequest, Unversioned } from './use-save-queue.ts'

const base = (id: string) => `/api/plans/${encodeURIComponent(id)}`

/** A plan as the builder's save queue knows it. */
export const planDocument = (id: string): SavedDocument => ({
  path: base(id),
  queryKey: planQueries.detail(id).queryKey,
})

/**
 * The builder's changes, as data for its save queue: each is sent naming the version it was made
 * on (a stale one answers 409) and with its own save id.
 */
export const planSaves = {
  update: (id: string, body: Unversioned<UpdatePlanInput>): SaveRequest => ({ method: 'PATCH', path: base(id), body }),
  saveDay: (id: string, week: number, day: number, body: Unversioned<SavePlanDayInput>): SaveRequest => ({
    method: 'PUT',
    path: `${base(id)}/days/${week}/${day}`,
    body,
  }),
  copyDay: (id: string, body: Unversioned<CopyDayInput>): SaveRequest => ({
    method: 'POST',
    path: `${base(id)}/copy-day`,
    body,
  }),
  moveDay: (id: string, body: Unversioned<CopyDayInput>): SaveRequest => ({
    method: 'POST',
    path: `${base(id)}/move-day`,
    body,
  }),
  copyWeek: (id: string, body: Unversioned<CopyWeekInput>): SaveRequest => ({
    method: 'POST',
    path: `${base(id)}/copy-week`,
    body,
  }),
  trainingDays: (id: string, body: Unversioned<PlanTrainingDaysInput>): SaveRequest => ({
    method: 'PUT',
    path: `${base(id)}/training-days`,
    body,
  }),
}

/** The plan's other calls. */
export const planCalls = {
  copy: (id: string, body: CopyPlanInput) =>
    apiRequest(`${base(id)}/copy`, { method: 'POST', body, schema: PlanSummarySchema }),
  start: (id: string, body: StartPlanInput) =>
    apiRequest(`${base(id)}/start`, { method: 'POST', body, schema: PlanSummarySchema }),
  assign: (id: string, body: AssignPlanInput) =>
    apiRequest(`${base(id)}/assign`, { method: 'POST', body, schema: PlanSummarySchema }),
  archive: (id: string) => apiRequest(`${base(id)}/archive`, { method: 'POST', body: {}, schema: PlanSummarySchema }),
  restore: (id: string) => apiRequest(`${base(id)}/restore`, { method: 'POST', body: {}, schema: PlanSummarySchema }),
  /** A planned workout trained on another date (the plan's own date puts it back). */
  moveToDate: (id: string, week: number, day: number, body: MovePlanDayInput) =>
    apiRequest(`${base(id)}/days/${week}/${day}/date`, { method: 'PUT', body, schema: PlanSchema }),
  remove: (id: string) => apiRequest(base(id), { method: 'DELETE' }),
}
