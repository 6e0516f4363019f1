import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  WorkoutSchema,
  WorkoutSummarySchema,
  type CopyWorkoutInput,
  type CreateWorkoutInput,
  type SaveWorkoutInput,
} from '#shared/schemas/workouts.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import type { SavedDocument, SaveRequest, Unversioned } from './use-save-queue.ts'

/** Standalone workouts: the user's own and the templates their coach shares. */
export const workoutQueries = {
  all: () => ['workouts'] as const,
  list: (archived = false) =>
    queryOptions({
      queryKey: [...workoutQueries.all(), 'list', { archived }],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.workouts.list({ archived: archived || undefined }), {
          schema: z.array(WorkoutSummarySchema),
          signal,
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...workoutQueries.all(), 'detail', id],
      queryFn: ({ signal }) => apiRequest(apiPaths.workouts.one(id), { schema: WorkoutSchema, signal }),
    }),
}

/** A standalone workout as the editor's save queue knows it, and its one save (the whole workout at once). */
export const workoutDocument = (id: string): SavedDocument => ({
  path: apiPaths.workouts.one(id),
  queryKey: workoutQueries.detail(id).queryKey,
})
export const workoutSaves = {
  save: (id: string, body: Unversioned<SaveWorkoutInput>): SaveRequest => ({
    method: 'PUT',
    path: apiPaths.workouts.one(id),
    body,
  }),
}

export const workoutCalls = {
  create: (body: CreateWorkoutInput) =>
    apiRequest(apiPaths.workouts.create, { method: 'POST', body, schema: WorkoutSchema }),
  copy: (id: string, body: CopyWorkoutInput) =>
    apiRequest(apiPaths.workouts.copy(id), { method: 'POST', body, schema: WorkoutSchema }),
  archive: (id: string) =>
    apiRequest(apiPaths.workouts.archive(id), { method: 'POST', body: {}, schema: WorkoutSummarySchema }),
  restore: (id: string) =>
    apiRequest(apiPaths.workouts.restore(id), { method: 'POST', body: {}, schema: WorkoutSummarySchema }),
  remove: (id: string) => apiRequest(apiPaths.workouts.one(id), { method: 'DELETE' }),
}
