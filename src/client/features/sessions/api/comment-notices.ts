import type { QueryClient } from '@tanstack/react-query'
import { commentHref, paths } from '#shared/paths.ts'
import type { CommentNotice } from '#shared/schemas/sessions.ts'
import { excerpt } from '#shared/text.ts'
import { notify } from '#client/lib/notify.ts'
import { refetchFromNow } from '#client/lib/refetch-from-now.ts'
import { sessionText } from '../session-text.ts'
import { sessionQueries } from './session-queries.ts'

/**
 * A comment arrived on the live connection: the counts and that session's summary refresh, and
 * unless its summary is on screen a toast says who wrote, with a way to open it.
 */
export function receiveComment(
  queryClient: QueryClient,
  comment: CommentNotice,
  role: 'coach' | 'client',
  open: (href: string) => void,
) {
  void refetchFromNow(queryClient, { queryKey: sessionQueries.unreadComments().queryKey })
  void refetchFromNow(queryClient, { queryKey: sessionQueries.report(comment.sessionId).queryKey })
  if (window.location.pathname === paths.open.summary.getHref(comment.sessionId)) return
  const title = role === 'coach' ? sessionText.newReply(comment.authorName) : sessionText.newComment(comment.authorName)
  notify.info(
    { title, description: `${comment.sessionTitle}: ${excerpt(comment.body)}` },
    { label: sessionText.openComment, onClick: () => open(commentHref(comment)) },
  )
}

/** After a gap in the live connection: comments made meanwhile are in the count. */
export function refreshUnreadComments(queryClient: QueryClient) {
  void refetchFromNow(queryClient, { queryKey: sessionQueries.unreadComments().queryKey })
}
