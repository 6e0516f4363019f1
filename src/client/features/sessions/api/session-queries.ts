import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  CoachCardSchema,
  CommentSchema,
  SessionSchema,
  SessionSummarySchema,
  UnreadCommentsSchema,
  type CommentInput,
  type FinishSessionInput,
  type StartSessionInput,
} from '#shared/schemas/sessions.ts'
import { MovementStatsSchema, SessionReportSchema } from '#shared/schemas/session-reports.ts'
import { apiPaths } from '#shared/api-paths.ts'
import type { Exercise } from '#shared/schemas/plans.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { timed } from '#client/lib/perf-log.ts'

/** The movement whose e1RM a planned exercise's %1RM targets are a share of: its own, or the one its rule links to. */
export const oneRepMaxMovementOf = (exercise: Exercise) =>
  (exercise.progression?.kind === 'percent_e1rm' && exercise.progression.linkedMovementId) || exercise.movementId

/** The movements whose numbers (last time's sets, best e1RM) a planned workout shows, and its session after it. */
export const statsMovementIdsOf = (exercises: readonly Exercise[]) => [
  ...new Set(exercises.flatMap((e) => [e.movementId, oneRepMaxMovementOf(e)])),
]

export const sessionQueries = {
  all: () => ['sessions'] as const,
  list: (filters: { planId?: string; clientId?: string; limit?: number } = {}) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'list', filters],
      queryFn: ({ signal }) => {
        return apiRequest(apiPaths.sessions.list(filters), { schema: z.array(SessionSummarySchema), signal })
      },
    }),
  report: (id: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'report', id],
      queryFn: ({ signal }) => apiRequest(apiPaths.sessions.report(id), { schema: SessionReportSchema, signal }),
    }),
  movementStats: (movementIds: string[]) => {
    // In one order: the preview, the logger and the device's copy for no signal
    // (offline/use-keep-gym-screens.ts) are of one address.
    const ids = [...movementIds].sort()
    return queryOptions({
      queryKey: [...sessionQueries.all(), 'movement-stats', ids],
      queryFn: ({ signal }) =>
        ids.length
          ? apiRequest(apiPaths.sessions.movementStats(ids), {
              schema: z.array(MovementStatsSchema),
              signal,
            })
          : Promise.resolve([]),
    })
  },
  unreadComments: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'unread-comments'],
      queryFn: ({ signal }) => apiRequest(apiPaths.sessions.unreadComments, { schema: UnreadCommentsSchema, signal }),
    }),
  coach: () =>
    queryOptions({
      queryKey: ['coach-card'],
      queryFn: ({ signal }) => apiRequest(apiPaths.profile.coach, { schema: CoachCardSchema, signal }),
    }),
}

export const sessionCalls = {
  start: (body: StartSessionInput) =>
    timed('start a session', () =>
      apiRequest(apiPaths.sessions.start, { method: 'POST', body, schema: SessionSchema }),
    ),
  finish: (id: string, body: FinishSessionInput) =>
    timed('finish a session', () =>
      apiRequest(apiPaths.sessions.finish(id), { method: 'POST', body, schema: SessionSchema }),
    ),
  discard: (id: string) => apiRequest(apiPaths.sessions.discard(id), { method: 'POST', body: {} }),
  comment: (id: string, body: CommentInput) =>
    apiRequest(apiPaths.sessions.comments(id), { method: 'POST', body, schema: CommentSchema }),
  readComments: (id: string) => apiRequest(apiPaths.sessions.readComments(id), { method: 'POST', body: {} }),
}
