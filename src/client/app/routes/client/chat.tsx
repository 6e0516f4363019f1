import { useQuery } from '@tanstack/react-query'
import { MessageCircle } from 'lucide-react'
import { chatApiText } from '#shared/schemas/chat.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { chatQueries } from '#client/features/chat/api/chat-queries.ts'
import { chatText } from '#client/features/chat/chat-text.ts'
import { Conversation } from '#client/features/chat/components/conversation.tsx'

/** /chat: the client's conversation with their coach (a former coach's stays readable). */
export function ClientChatPage() {
  const auth = useAuth()
  const conversations = useQuery(chatQueries.conversations())
  if (auth.status !== 'authenticated') return null
  if (conversations.isPending) return <p className="text-muted-foreground">{chatText.loading}</p>
  if (conversations.isError) return <LoadError error={conversations.error} what="conversation" />
  // The active coach; else the most recent former one (newest activity comes first).
  const conversation = conversations.data.items.find((c) => c.active) ?? conversations.data.items[0]
  if (!conversation) {
    return (
      <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <h1 className="text-2xl font-semibold tracking-tight">{chatText.title}</h1>
        <Card>
          <CardHeader>
            <MessageCircle className="size-6 text-muted-foreground" aria-hidden />
            <CardTitle>{chatApiText.noCoach}</CardTitle>
            <CardDescription>{chatText.noCoachHint}</CardDescription>
          </CardHeader>
        </Card>
      </section>
    )
  }
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Conversation
        key={conversation.otherId}
        userId={auth.user.id}
        otherId={conversation.otherId}
        shell="client"
        relation={chatText.yourCoach}
      />
    </div>
  )
}
