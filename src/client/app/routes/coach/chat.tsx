import { ChevronLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { chatText } from '#client/features/chat/chat-text.ts'
import { Conversation } from '#client/features/chat/components/conversation.tsx'

/** /coach/chat/{clientId}: the coach's conversation with one client (read-only once archived). */
export function CoachChatPage() {
  const { clientId = '' } = useParams()
  const auth = useAuth()
  if (auth.status !== 'authenticated') return null
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Conversation
        key={clientId}
        userId={auth.user.id}
        otherId={clientId}
        shell="coach"
        relation={chatText.client}
        back={
          <Link
            to={paths.coach.clients.getHref()}
            className="mb-1 inline-flex items-center gap-0.5 text-sm text-muted-foreground hover:text-foreground"
          >
            <ChevronLeft className="size-4" aria-hidden />
            {chatText.allClients}
          </Link>
        }
      />
    </div>
  )
}
