import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query'
import {
  ConversationsSchema,
  MESSAGE_PAGE_MAX,
  MessagesPageSchema,
  type Message,
  type MessagesPage,
} from '#shared/schemas/chat.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'

/** A conversation's pages as the cache holds them: newest page first, each page ascending by seq. */
export type MessagePages = InfiniteData<MessagesPage, number | null>

export const chatQueries = {
  all: () => ['chat'] as const,
  /** Mine, newest activity first, with unread counts (the navigation badges and the dashboard). */
  conversations: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), 'conversations'],
      queryFn: ({ signal }) => apiRequest(apiPaths.chat.conversations, { schema: ConversationsSchema, signal }),
    }),
  /** One conversation, newest page first; the next page is the one before the oldest loaded message. */
  messages: (otherId: string) =>
    infiniteQueryOptions({
      queryKey: [...chatQueries.all(), 'messages', otherId],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(apiPaths.chat.messages(otherId, { before: pageParam }), {
          schema: MessagesPageSchema,
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last: MessagesPage) => (last.hasMore && last.items[0] ? last.items[0].seq : undefined),
    }),
}

/** Everything newer than `after` (catching up after a reconnect), a full page at a time. */
export async function fetchNewer(otherId: string, after: number): Promise<Message[]> {
  const found: Message[] = []
  for (let from = after; ;) {
    const page = await apiRequest(apiPaths.chat.messages(otherId, { after: from, limit: MESSAGE_PAGE_MAX }), {
      schema: MessagesPageSchema,
    })
    found.push(...page.items)
    const last = page.items.at(-1)
    if (!last || page.items.length < MESSAGE_PAGE_MAX) return found
    from = last.seq
  }
}
