import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { markReadInCache } from './chat-cache.ts'
import { chatQueries } from './chat-queries.ts'

/** Marks what I have seen of a conversation read: the badge clears at once, the sender sees 'Read'. */
export function useMarkRead(userId: string, otherId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upTo: number) => apiRequest(apiPaths.chat.read(otherId), { method: 'POST', body: { upTo } }),
    onMutate: (upTo) => markReadInCache(queryClient, userId, otherId, upTo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueries.conversations().queryKey, exact: true }),
    // Not worth a toast: the next visit marks them again.
    meta: { toast: false },
  })
}
