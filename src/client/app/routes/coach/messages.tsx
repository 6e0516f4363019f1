import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { chatQueries } from '#client/features/chat/api/chat-queries.ts'
import { chatText } from '#client/features/chat/chat-text.ts'
import { cn } from '#client/lib/cn.ts'

/** When a message was sent, as short as a list allows: the time today, else the day. */
function when(at: string): string {
  const date = new Date(at)
  return date.toDateString() === new Date().toDateString()
    ? date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
}

/** /coach/messages: the coach's inbox, every conversation by its last message, unread first to the eye. */
export function MessagesPage() {
  const auth = useAuth()
  const conversations = useQuery(chatQueries.conversations())
  const me = auth.status === 'authenticated' ? auth.user.id : ''
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={chatText.inbox.title} description={chatText.inbox.description} />
      {conversations.isPending && <p className="text-muted-foreground">{chatText.loading}</p>}
      {conversations.isError && <LoadError error={conversations.error} what="messages" />}
      {conversations.data?.items.length === 0 && (
        <p className="text-sm text-muted-foreground">{chatText.inbox.empty}</p>
      )}
      {conversations.data && conversations.data.items.length > 0 && (
        <ul aria-label={chatText.inbox.title} className="divide-y rounded-xl border bg-card">
          {conversations.data.items.map((c) => (
            <li key={c.otherId}>
              <Link
                to={paths.coach.chat.getHref(c.otherId)}
                className="flex items-center gap-3 p-3 text-sm hover:bg-muted"
              >
                <SpokenLabel
                  spoken={chatText.inbox.open(c.otherName, c.unread)}
                  className="flex min-w-0 flex-1 items-center gap-3"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={cn('truncate', c.unread > 0 ? 'font-semibold' : 'font-medium')}>
                        {c.otherName}
                      </span>
                      {c.lastMessage && (
                        <span className="shrink-0 text-xs text-muted-foreground">{when(c.lastMessage.createdAt)}</span>
                      )}
                    </span>
                    <span className={cn('block truncate', c.unread > 0 ? 'text-foreground' : 'text-muted-foreground')}>
                      {!c.active && `${chatText.inbox.archived} · `}
                      {c.lastMessage
                        ? `${c.lastMessage.senderId === me ? chatText.inbox.you : ''}${c.lastMessage.body}`
                        : chatText.inbox.noMessages}
                    </span>
                  </span>
                  {c.unread > 0 && <Badge size="count">{c.unread}</Badge>}
                </SpokenLabel>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
