import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  CoachCardSchema,
  CommentSchema,
  MovementStatsSchema,
  SessionReportSchema,
  SessionSchema,
  SessionSummarySchema,
  UnreadCommentsSchema,
  type CommentInput,
  type FinishSessionInput,
  type StartSessionInput,
} from '#shared/schemas/sessions.ts'
import type { Exercise } from '#shared/schemas/plans.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { timed } from '#client/lib/perf-log.ts'

const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}`

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
        const params = new URLSearchParams(
          Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        )
        return apiRequest(`/api/sessions?${params}`, { schema: z.array(SessionSummarySchema), signal })
      },
    }),
  report: (id: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'report', id],
      queryFn: ({ signal }) => apiRequest(`${base(id)}/report`, { schema: SessionReportSchema, signal }),
    }),
  movementStats: (movementIds: string[]) => {
    // In one order: the preview, the logger and the device's copy for no signal
    // (offline/use-keep-gym-screens.ts) are of one address.
    const ids = [...movementIds].sort()
    return queryOptions({
      queryKey: [...sessionQueries.all(), 'movement-stats', ids],
      queryFn: ({ signal }) =>
        ids.length
          ? apiRequest(`/api/sessions/movement-stats?movementIds=${ids.join(',')}`, {
              schema: z.array(MovementStatsSchema),
              signal,
            })
          : Promise.resolve([]),
    })
  },
  unreadComments: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'unread-comments'],
      queryFn: ({ signal }) => apiRequest('/api/sessions/comments/unread', { schema: UnreadCommentsSchema, signal }),
    }),
  coach: () =>
    queryOptions({
      queryKey: ['coach-card'],
      queryFn: ({ signal }) => apiRequest('/api/profile/coach', { schema: CoachCardSchema, signal }),
    }),
}

export const sessionCalls = {
  start: (body: StartSessionInput) =>
    timed('start a session', () => apiRequest('/api/sessions', { method: 'POST', body, schema: SessionSchema })),
  finish: (id: string, body: FinishSessionInput) =>
    timed('finish a session', () => apiRequest(`${base(id)}/finish`, { method: 'POST', body, schema: SessionSchema })),
  discard: (id: string) => apiRequest(`${base(id)}/discard`, { method: 'POST', body: {} }),
  comment: (id: string, body: CommentInput) =>
    apiRequest(`${base(id)}/comments`, { method: 'POST', body, schema: CommentSchema }),
  readComments: (id: string) => apiRequest(`${base(id)}/comments/read`, { method: 'POST', body: {} }),
}
