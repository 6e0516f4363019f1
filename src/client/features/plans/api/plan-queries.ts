import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  PlanSchema,
  PlanSummarySchema,
  PlanWorkoutDetailSchema,
  type CopyPlanInput,
  type CreatePlanInput,
} from '#shared/schemas/plans.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const planQueries = {
  all: () => ['plans'] as const,
  /** The plans in use: drafts, templates, active ones (the user's own and the ones assigned to them). */
  current: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'list', 'current'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.plans.list({ completed: false }), { schema: z.array(PlanSummarySchema), signal }),
    }),
  /** The completed blocks: a list that grows with every block a client finishes, read on request. */
  completed: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'list', 'completed'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.plans.list({ completed: true }), { schema: z.array(PlanSummarySchema), signal }),
    }),
  /** The user's own plans that are no client's copy: templates, drafts, a lifter's own (short, however many copies a coach assigned). */
  own: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'list', 'own'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.plans.list({ assigned: false }), { schema: z.array(PlanSummarySchema), signal }),
    }),
  archived: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'list', 'archived'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.plans.list({ archived: true }), { schema: z.array(PlanSummarySchema), signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'detail', id],
      queryFn: ({ signal }) => apiRequest(apiPaths.plans.one(id), { schema: PlanSchema, signal }),
    }),
  workout: (planWorkoutId: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'workout', planWorkoutId],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.plans.workout(planWorkoutId), {
          schema: PlanWorkoutDetailSchema,
          signal,
        }),
    }),
}

/** A new plan: from scratch (POST /api/plans), or a deep copy of a template. */
export function useCreatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { fromTemplateId: string; copy: CopyPlanInput } | { plan: CreatePlanInput }) =>
      'plan' in input
        ? apiRequest(apiPaths.plans.create, { method: 'POST', body: input.plan, schema: PlanSummarySchema })
        : apiRequest(apiPaths.plans.copy(input.fromTemplateId), {
            method: 'POST',
            body: input.copy,
            schema: PlanSummarySchema,
          }),
    meta: { errorTitle: 'Could not create the plan', fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planQueries.all() }),
  })
}
