import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  NotificationSettingsSchema,
  PushDeviceSchema,
  PushSetupSchema,
  PushTestResultSchema,
  notificationText,
  type NotificationKind,
  type NotificationSettings,
  type PushSubscriptionInput,
} from '#shared/schemas/notifications.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const notificationQueries = {
  all: () => ['notifications'] as const,
  setup: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'setup'],
      queryFn: ({ signal }) => apiRequest(apiPaths.notifications.setup, { schema: PushSetupSchema, signal }),
    }),
}

function useNotificationsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, errorTitle: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { errorTitle },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  })
}

export const useSubscribeDevice = () =>
  useNotificationsMutation(
    (subscription: PushSubscriptionInput) =>
      apiRequest(apiPaths.notifications.devices, { method: 'POST', body: subscription, schema: PushDeviceSchema }),
    notificationText.turnOnFailed,
  )

export const useUpdateDeviceKinds = () =>
  useNotificationsMutation(
    ({ id, kinds }: { id: string; kinds: NotificationKind[] }) =>
      apiRequest(apiPaths.notifications.device(id), { method: 'PATCH', body: { kinds }, schema: PushDeviceSchema }),
    notificationText.saveFailed,
  )

export const useRemoveDevice = () =>
  useNotificationsMutation(
    (id: string) => apiRequest(apiPaths.notifications.device(id), { method: 'DELETE' }),
    notificationText.saveFailed,
  )

export const useTestDevice = () =>
  useNotificationsMutation(
    (id: string) => apiRequest(apiPaths.notifications.test(id), { method: 'POST', schema: PushTestResultSchema }),
    notificationText.testFailed,
  )

export const useSaveNotificationSettings = () =>
  useNotificationsMutation(
    (settings: NotificationSettings) =>
      apiRequest(apiPaths.notifications.settings, {
        method: 'PUT',
        body: settings,
        schema: NotificationSettingsSchema,
      }),
    notificationText.saveFailed,
  )
