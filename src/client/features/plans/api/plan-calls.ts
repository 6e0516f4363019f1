import {
  PlanSchema,
  PlanSummarySchema,
  type AssignPlanInput,
  type CopyDayInput,
  type CopyPlanInput,
  type CopyWeekInput,
  type SavePlanDayInput,
  type UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import { apiRequest } from '#client/lib/api-client.ts'

const base = (id: string) => `/api/plans/${encodeURIComponent(id)}`

/** The builder's calls. Each change names the version it was made on; a stale one answers 409. */
export const planCalls = {
  update: (id: string, body: UpdatePlanInput) => apiRequest(base(id), { method: 'PATCH', body, schema: PlanSummarySchema }),
  saveDay: (id: string, week: number, day: number, body: SavePlanDayInput) =>
    apiRequest(`${base(id)}/days/${week}/${day}`, { method: 'PUT', body, schema: PlanSchema }),
  copyDay: (id: string, body: CopyDayInput) => apiRequest(`${base(id)}/copy-day`, { method: 'POST', body, schema: PlanSchema }),
  moveDay: (id: string, body: CopyDayInput) => apiRequest(`${base(id)}/move-day`, { method: 'POST', body, schema: PlanSchema }),
  copyWeek: (id: string, body: CopyWeekInput) => apiRequest(`${base(id)}/copy-week`, { method: 'POST', body, schema: PlanSchema }),
  copy: (id: string, body: CopyPlanInput) => apiRequest(`${base(id)}/copy`, { method: 'POST', body, schema: PlanSummarySchema }),
  assign: (id: string, body: AssignPlanInput) => apiRequest(`${base(id)}/assign`, { method: 'POST', body, schema: PlanSummarySchema }),
  archive: (id: string) => apiRequest(`${base(id)}/archive`, { method: 'POST', body: {}, schema: PlanSummarySchema }),
  restore: (id: string) => apiRequest(`${base(id)}/restore`, { method: 'POST', body: {}, schema: PlanSummarySchema }),
  remove: (id: string) => apiRequest(base(id), { method: 'DELETE' }),
}
