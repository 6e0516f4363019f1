import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { paths } from '#shared/paths.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { chatQueries } from '../api/chat-queries.ts'
import { chatText } from '../chat-text.ts'

/** The coach dashboard's list of conversations with unread messages, each opening its chat. */
export function UnreadMessages() {
  const conversations = useQuery(chatQueries.conversations())
  const unread = conversations.data?.items.filter((c) => c.unread > 0) ?? []
  return (
    <section aria-label={chatText.unreadTitle} className="flex flex-col gap-2">
      <h2 className="font-semibold">{chatText.unreadTitle}</h2>
      {conversations.isPending ? (
        <p className="text-sm text-muted-foreground">{chatText.loading}</p>
      ) : conversations.isError ? (
        <p role="alert" className="text-sm">
          {chatText.unreadFailed}
        </p>
      ) : unread.length === 0 ? (
        <p className="text-sm text-muted-foreground">{chatText.noUnread}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {unread.map((c) => (
            <li key={c.otherId}>
              <Link to={paths.coach.chat.getHref(c.otherId)} className="flex p-3 text-sm hover:bg-muted">
                <SpokenLabel
                  spoken={chatText.messageClient(c.otherName, c.unread)}
                  className="flex flex-1 items-center justify-between gap-3"
                >
                  <span className="min-w-0">
                    <span className="block font-medium">{c.otherName}</span>
                    {c.lastMessage && (
                      <span className="block truncate text-muted-foreground">{c.lastMessage.body}</span>
                    )}
                  </span>
                  <Badge size="count">{c.unread}</Badge>
                </SpokenLabel>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A roster row's 'Message' link, with the client's unread count. */
export function MessageClientLink({ clientId, name }: { clientId: string; name: string }) {
  const unread = useQuery({
    ...chatQueries.conversations(),
    select: (data) => data.items.find((c) => c.otherId === clientId)?.unread ?? 0,
  })
  const count = unread.data ?? 0
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={paths.coach.chat.getHref(clientId)}>
        <SpokenLabel spoken={chatText.messageClient(name, count)} className="inline-flex items-center gap-2">
          {chatText.message}
          {count > 0 && <Badge size="count">{count}</Badge>}
        </SpokenLabel>
      </Link>
    </Button>
  )
}

/** Unread messages in all my conversations (the navigation's badge). */
export function useUnreadTotal(enabled: boolean): number {
  return useQuery({ ...chatQueries.conversations(), enabled, select: (data) => data.unread }).data ?? 0
}
