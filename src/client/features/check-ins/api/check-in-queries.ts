import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiPaths } from '#shared/api-paths.ts'
import {
  CheckInDetailSchema,
  CheckInsSchema,
  CommentSchema,
  FormSchema,
  OpenCheckInsSchema,
  ScheduleSchema,
  type FormInput,
  type ScheduleInput,
} from '#shared/schemas/check-ins.ts'
import { apiRequest } from '#client/lib/api-client.ts'

/** `clientId` undefined: the signed-in client's own check-ins; a coach names their client. */
export const checkInQueries = {
  all: () => ['check-ins'] as const,
  forms: () =>
    queryOptions({
      queryKey: [...checkInQueries.all(), 'forms'],
      queryFn: ({ signal }) => apiRequest(apiPaths.checkIns.forms, { schema: z.array(FormSchema), signal }),
    }),
  schedules: (clientId?: string) =>
    queryOptions({
      queryKey: [...checkInQueries.all(), 'schedules', clientId ?? 'me'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.checkIns.schedules(clientId), { schema: z.array(ScheduleSchema), signal }),
    }),
  open: () =>
    queryOptions({
      queryKey: [...checkInQueries.all(), 'open'],
      queryFn: ({ signal }) => apiRequest(apiPaths.checkIns.open, { schema: OpenCheckInsSchema, signal }),
    }),
  list: (clientId?: string) =>
    infiniteQueryOptions({
      queryKey: [...checkInQueries.all(), 'list', clientId ?? 'me'],
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(apiPaths.checkIns.list({ clientId, before: pageParam }), { schema: CheckInsSchema, signal }),
      getNextPageParam: (page) => page.nextBefore,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...checkInQueries.all(), 'detail', id],
      queryFn: ({ signal }) => apiRequest(apiPaths.checkIns.one(id), { schema: CheckInDetailSchema, signal }),
    }),
}

function useRefreshing<T, R>(call: (input: T) => Promise<R>, errorTitle: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    meta: { errorTitle, fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInQueries.all() }),
  })
}

export const useSaveForm = () =>
  useRefreshing(
    ({ id, form }: { id?: string; form: FormInput }) =>
      id
        ? apiRequest(apiPaths.checkIns.form(id), { method: 'PUT', body: form, schema: FormSchema })
        : apiRequest(apiPaths.checkIns.forms, { method: 'POST', body: form, schema: FormSchema }),
    'Could not save the form',
  )

export const useDeleteForm = () =>
  useRefreshing(
    (id: string) => apiRequest(apiPaths.checkIns.form(id), { method: 'DELETE' }),
    'Could not delete the form',
  )

export const useAddSchedule = () =>
  useRefreshing(
    (schedule: ScheduleInput) =>
      apiRequest(apiPaths.checkIns.addSchedule, { method: 'POST', body: schedule, schema: ScheduleSchema }),
    'Could not schedule the check-in',
  )

export const useEndSchedule = () =>
  useRefreshing(
    (id: string) => apiRequest(apiPaths.checkIns.schedule(id), { method: 'DELETE' }),
    'Could not stop the schedule',
  )

export const useAddComment = () =>
  useRefreshing(
    ({ id, body }: { id: string; body: string }) =>
      apiRequest(apiPaths.checkIns.comments(id), { method: 'POST', body: { body }, schema: CommentSchema }),
    'Could not send the comment',
  )
