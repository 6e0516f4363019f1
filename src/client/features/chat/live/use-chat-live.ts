import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { paths, type Role } from '#shared/paths.ts'
import { excerpt } from '#shared/text.ts'
import type { Message } from '#shared/schemas/chat.ts'
import { notify } from '#client/lib/notify.ts'
import { flushQueue } from '#client/lib/offline-queue/queue.ts'
import { isOnline, onOnline } from '#client/lib/online.ts'
import { refetchFromNow } from '#client/lib/refetch-from-now.ts'
import { applyReceipt, cacheMessages, hasMessage, noteMessage, otherIdOf } from '../api/chat-cache.ts'
import { chatQueries, fetchNewer, type MessagePages } from '../api/chat-queries.ts'
import { chatText } from '../chat-text.ts'
import { adoptLegacyWaiting, waitingMessages } from '../waiting/waiting-messages.ts'
import { registerWaitingHandler } from '../waiting/send-waiting.ts'
import { receiveComment, refreshUnreadComments } from '#client/features/sessions/api/comment-notices.ts'
import { refreshCorrected } from '#client/features/sessions/api/correction-notices.ts'
import { openChatStream } from './chat-stream.ts'
import { liveState } from './live-state.ts'

/** After counting a message locally, the server's counts are fetched this much later (one fetch for a burst). */
const RECONCILE_MS = 500

/**
 * The signed-in app's one live connection (mounted once, in the signed-in layout): messages and
 * receipts go into the query cache, unread counts rise, a toast tells who wrote when their
 * conversation is not on screen, a corrected session is fetched again, and waiting messages are
 * sent whenever the way is clear. It
 * closes when the user signs out (the layout unmounts).
 */
export function useChatLive(user: { id: string; role: Role } | null) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  useEffect(() => {
    navigateRef.current = navigate
  }, [navigate])
  const userId = user?.id ?? null
  const role = user?.role ?? null

  useEffect(() => {
    if (!userId || !role) return
    const me = userId
    const seen = new Set<string>()
    const conversationsKey = chatQueries.conversations().queryKey
    const refreshConversations = () => void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true })
    let reconcile: ReturnType<typeof setTimeout> | undefined
    const reconcileSoon = () => {
      clearTimeout(reconcile)
      reconcile = setTimeout(refreshConversations, RECONCILE_MS)
    }
    const hrefOf = (otherId: string) =>
      role === 'coach' ? paths.coach.chat.getHref(otherId) : paths.client.chat.getHref()

    async function announce(otherId: string, message: Message) {
      const nameIn = (data: { items: { otherId: string; otherName: string }[] } | undefined) =>
        data?.items.find((c) => c.otherId === otherId)?.otherName
      const name =
        nameIn(queryClient.getQueryData(conversationsKey)) ??
        nameIn(await queryClient.fetchQuery({ ...chatQueries.conversations(), staleTime: 0 }).catch(() => undefined))
      if (!name || liveState.openConversation() === otherId) return
      notify.info(
        { title: chatText.newMessageFrom(name), description: excerpt(message.body) },
        { label: chatText.open, onClick: () => void navigateRef.current(hrefOf(otherId)) },
      )
    }

    function receive(message: Message) {
      const otherId = otherIdOf(me, message)
      const known =
        seen.has(message.id) ||
        hasMessage(queryClient.getQueryData<MessagePages>(chatQueries.messages(otherId).queryKey), message.id)
      seen.add(message.id)
      cacheMessages(queryClient, otherId, [message])
      // Sent from here (or from another tab of mine): stored, so it no longer waits.
      if (message.senderId === me) void waitingMessages.remove(me, message.id)
      if (known) return
      const toMe = message.senderId !== me && !message.readAt
      // Counted at once for the badge; the server's count follows (a replay may repeat one).
      // Either way one refetch for a burst (a replay after a reconnect brings many at once).
      noteMessage(queryClient, me, message, toMe)
      reconcileSoon()
      if (toMe && liveState.openConversation() !== otherId) void announce(otherId, message)
    }

    // Waiting messages go out through the app's offline queue; what it stores is received like any other.
    const stopSending = registerWaitingHandler(
      receive,
      () => void queryClient.invalidateQueries({ queryKey: chatQueries.all() }),
    )
    void adoptLegacyWaiting(me)

    /** After a gap: every conversation on screen or in the cache fetches what came after its newest message. */
    async function catchUp() {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [...chatQueries.all(), 'messages'] })) {
        const otherId = String(query.queryKey[2])
        const newest = (query.state.data as MessagePages | undefined)?.pages[0]?.items.at(-1)?.seq
        if (newest === undefined) {
          void refetchFromNow(queryClient, { queryKey: query.queryKey, exact: true })
          continue
        }
        const missed = await fetchNewer(otherId, newest).catch(() => [])
        missed.forEach(receive)
      }
    }

    const stream = openChatStream({
      onMessage: receive,
      onComment: (comment) => receiveComment(queryClient, comment, role, (href) => void navigateRef.current(href)),
      onCorrection: () => refreshCorrected(queryClient),
      onReceipt: (receipt) => {
        applyReceipt(queryClient, me, receipt)
        // Read on another device of mine: the badge follows.
        if (receipt.by === me) refreshConversations()
      },
      onReady: () => {
        // What arrived while the stream was away (or before it first subscribed) is in the counts:
        // asked for from now, as the screen's own first ask may have left before that message.
        void refetchFromNow(queryClient, { queryKey: conversationsKey, exact: true })
        refreshUnreadComments(queryClient)
        void catchUp()
        void flushQueue(me)
      },
      onStatus: liveState.setStatus,
      // A stream cannot tell why it failed; an expired session shows on a plain call (401 signs out).
      onError: () => {
        if (isOnline()) refreshConversations()
      },
      sinceHint: () => {
        const seqs =
          queryClient
            .getQueryData(conversationsKey)
            ?.items.flatMap((c) => (c.lastMessage ? [c.lastMessage.seq] : [])) ?? []
        return seqs.length ? Math.max(...seqs) : null
      },
    })

    const online = () => stream.reconnectNow()
    const visible = () => {
      if (document.visibilityState === 'visible' && !stream.isOpen()) stream.reconnectNow()
    }
    const stopOnline = onOnline(online)
    document.addEventListener('visibilitychange', visible)
    return () => {
      stopSending()
      stream.close()
      clearTimeout(reconcile)
      stopOnline()
      document.removeEventListener('visibilitychange', visible)
      liveState.setStatus('connecting')
    }
  }, [userId, role, queryClient])
}
