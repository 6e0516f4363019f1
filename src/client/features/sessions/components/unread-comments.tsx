import { useQuery } from '@tanstack/react-query'
import { MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { excerpt } from '#shared/text.ts'
import { sessionQueries } from '../api/session-queries.ts'
import { commentHref } from '#shared/paths.ts'

/** How many comments wait for me (my coach's, or as a coach my clients' replies); 0 when signed out. */
export function useUnreadCommentCount(enabled: boolean): number {
  const unread = useQuery({ ...sessionQueries.unreadComments(), enabled })
  return enabled ? (unread.data?.count ?? 0) : 0
}

/** The newest comments I have not read, each opening its session (at the set it is on); nothing when there are none. */
export function UnreadComments({ title }: { title: string }) {
  const unread = useQuery(sessionQueries.unreadComments())
  if (!unread.data?.count) return null
  const { count, latest } = unread.data
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4" aria-hidden /> {title} ({count})
      </h2>
      <ul className="divide-y rounded-xl border bg-card">
        {latest.map((c) => (
          <li key={c.id}>
            <Link to={commentHref(c)} className="flex flex-col gap-0.5 p-3 text-sm hover:bg-muted">
              <span>
                <span className="font-medium">{c.authorName}</span> on {c.sessionTitle}
                {c.setLogId ? ' (a set)' : ''}
              </span>
              <span className="text-muted-foreground">{excerpt(c.body)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
