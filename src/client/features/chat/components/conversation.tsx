import { useInfiniteQuery } from '@tanstack/react-query'
import { cva } from 'class-variance-authority'
import { Archive, CloudOff, Loader2 } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { chatApiText, messageState } from '#shared/schemas/chat.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { useMarkRead } from '../api/mark-read.ts'
import { chatQueries } from '../api/chat-queries.ts'
import { useSendMessage } from '../api/send-message.ts'
import { chatText } from '../chat-text.ts'
import { useOpenConversation, useStreamStatus } from '../live/live-state.ts'
import { waitingMessages, useWaitingMessages, useSendingState } from '../waiting/waiting-messages.ts'
import { Composer } from './composer.tsx'
import { MessageList, type MessageRow } from './message-list.tsx'
import { cn } from '#client/lib/cn.ts'

/** The screen is as tall as the shell leaves it, so the list scrolls and the composer stays in reach. */
const frame = cva('flex min-h-80 flex-col gap-3', {
  variants: {
    shell: {
      // Client: top bar and page padding, plus the bottom navigation on a phone.
      client: 'h-[calc(100dvh-10rem-env(safe-area-inset-bottom))] md:h-[calc(100dvh-8rem)]',
      // Coach: top bar and tab row on a phone; only the page padding beside the sidebar.
      coach: 'h-[calc(100dvh-8.5rem)] md:h-[calc(100dvh-4rem)]',
      // A section of a page with its own heading (a client's page): most of the screen.
      panel: 'h-[70dvh]',
    },
  },
})

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
}

type Props = {
  userId: string
  /** The other person's user id: the client for a coach, the coach for a client. */
  otherId: string
  /** The frame it fills: a screen of the client's or the coach's shell, or a panel of a page (its heading a level down). */
  shell: 'client' | 'coach' | 'panel'
  /** Who the other person is to me ('Your coach', 'Client'). */
  relation: string
  /** Above the name (a way back). */
  back?: ReactNode
}

/** One conversation (/chat and /coach/chat/{clientId}): header, messages, and the composer or the read-only notice. */
export function Conversation({ userId, otherId, shell, relation, back }: Props) {
  const query = useInfiniteQuery(chatQueries.messages(otherId))
  const waiting = useWaitingMessages(userId)
  const sending = useSendingState()
  const visible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible')
  const stream = useStreamStatus()
  const send = useSendMessage(userId, otherId)
  const markRead = useMarkRead(userId, otherId)
  const [atBottom, setAtBottom] = useState(true)
  const marked = useRef(0)
  useOpenConversation(otherId)

  const pages = query.data?.pages
  const stored = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.items) : []), [pages])
  const offline = sending.unreachable
  const rows = useMemo<MessageRow[]>(() => {
    const ids = new Set(stored.map((m) => m.id))
    const pending = waiting
      .filter((item) => item.otherId === otherId && !ids.has(item.id))
      .map<MessageRow>((item) =>
        item.refused
          ? {
              id: item.id,
              body: item.body,
              at: item.queuedAt,
              own: true,
              state: 'refused',
              refused: {
                reason: item.refused.message,
                onRetry: () => void waitingMessages.retry(userId, item),
                onRemove: () => void waitingMessages.remove(userId, item.id),
              },
            }
          : {
              id: item.id,
              body: item.body,
              at: item.queuedAt,
              own: true,
              state: offline && !sending.inFlight.has(item.id) ? 'waiting' : 'sending',
            },
      )
    return [
      ...stored.map<MessageRow>((m) => ({
        id: m.id,
        body: m.body,
        at: m.createdAt,
        own: m.senderId === userId,
        state: m.senderId === userId ? messageState(m) : null,
      })),
      ...pending,
    ]
  }, [stored, waiting, otherId, userId, offline, sending])

  // What reaches the screen while the reader is at the newest message and the app is in front is read.
  const newestUnread = stored.reduce((max, m) => (m.senderId !== userId && !m.readAt && m.seq > max ? m.seq : max), 0)
  const { mutate } = markRead
  useEffect(() => {
    if (!newestUnread || !atBottom || !visible || marked.current >= newestUnread) return
    marked.current = newestUnread
    // Not marked (no signal): the next message or visit tries again.
    mutate(newestUnread, { onError: () => (marked.current = 0) })
  }, [newestUnread, atBottom, visible, mutate])

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  if (query.isPending) return <p className="text-muted-foreground">{chatText.loading}</p>
  if (query.isError) return <LoadError error={query.error} what="conversation" />
  const conversation = query.data.pages[0]?.conversation
  if (!conversation) return <LoadError error={null} what="conversation" />

  const Heading = shell === 'panel' ? 'h2' : 'h1'
  return (
    <section aria-labelledby="conversation-title" className={frame({ shell })}>
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-b pb-3">
        <div className="min-w-0">
          {back}
          <p className="text-xs text-muted-foreground">{relation}</p>
          <Heading
            id="conversation-title"
            className={cn('truncate font-semibold tracking-tight', shell === 'panel' ? 'text-lg' : 'text-2xl')}
          >
            {conversation.otherName}
          </Heading>
        </div>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {!conversation.active && (
            <Badge variant="outline">
              <Archive className="mr-1 size-3" aria-hidden />
              {chatText.archived}
            </Badge>
          )}
          <p role="status" className="flex items-center gap-1">
            {offline ? (
              <>
                <CloudOff className="size-3.5" aria-hidden />
                {chatText.offline}
              </>
            ) : stream !== 'live' ? (
              <>
                <Loader2 className="size-3.5 animate-spin" aria-hidden />
                {stream === 'connecting' ? chatText.connecting : chatText.reconnecting}
              </>
            ) : null}
          </p>
        </div>
      </header>
      <MessageList
        rows={rows}
        otherName={conversation.otherName}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        onAtBottom={setAtBottom}
      />
      {conversation.active ? (
        <Composer key={otherId} userId={userId} otherId={otherId} onSend={send} />
      ) : (
        <p
          role="note"
          className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-2.5 text-sm text-muted-foreground"
        >
          <Archive className="size-4 shrink-0" aria-hidden />
          {chatApiText.readOnly}
        </p>
      )}
    </section>
  )
}
