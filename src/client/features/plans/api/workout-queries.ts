import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  WorkoutSchema,
  WorkoutSummarySchema,
  type CopyWorkoutInput,
  type CreateWorkoutInput,
  type SaveWorkoutInput,
} from '#shared/schemas/workouts.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import type { SavedDocument, SaveRequest, Unversioned } from './use-save-queue.ts'

const base = (id: string) => `/api/workouts/${encodeURIComponent(id)}`

/** Standalone workouts: the user's own and the templates their coach shares. */
export const workoutQueries = {
  all: () => ['workouts'] as const,
  list: (archived = false) =>
    queryOptions({
      queryKey: [...workoutQueries.all(), 'list', { archived }],
      queryFn: ({ signal }) =>
        apiRequest(archived ? '/api/workouts?archived=true' : '/api/workouts', {
          schema: z.array(WorkoutSummarySchema),
          signal,
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...workoutQueries.all(), 'detail', id],
      queryFn: ({ signal }) => apiRequest(base(id), { schema: WorkoutSchema, signal }),
    }),
}

/** A standalone workout as the editor's save queue knows it, and its one save (the whole workout at once). */
export const workoutDocument = (id: string): SavedDocument => ({
  path: base(id),
  queryKey: workoutQueries.detail(id).queryKey,
})
export const workoutSaves = {
  save: (id: string, body: Unversioned<SaveWorkoutInput>): SaveRequest => ({ method: 'PUT', path: base(id), body }),
}

export const workoutCalls = {
  create: (body: CreateWorkoutInput) => apiRequest('/api/workouts', { method: 'POST', body, schema: WorkoutSchema }),
  copy: (id: string, body: CopyWorkoutInput) =>
    apiRequest(`${base(id)}/copy`, { method: 'POST', body, schema: WorkoutSchema }),
  archive: (id: string) =>
    apiRequest(`${base(id)}/archive`, { method: 'POST', body: {}, schema: WorkoutSummarySchema }),
  restore: (id: string) =>
    apiRequest(`${base(id)}/restore`, { method: 'POST', body: {}, schema: WorkoutSummarySchema }),
  remove: (id: string) => apiRequest(base(id), { method: 'DELETE' }),
}
