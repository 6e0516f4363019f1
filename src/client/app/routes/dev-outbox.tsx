import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiPaths } from '#shared/api-paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { apiRequest } from '#client/lib/api-client.ts'

const OutboxSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    createdAt: z.string(),
  }),
)

/** The development outbox (docs/product.md#our-server-in-place-of-a-hosted-backend): mail the server kept instead of sending, newest first. */
export function DevOutboxPage() {
  const outbox = useQuery({
    queryKey: ['dev-outbox'],
    queryFn: ({ signal }) => apiRequest(apiPaths.devOutbox, { schema: OutboxSchema, signal }),
    staleTime: 0,
    refetchInterval: 3000,
  })
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Development outbox</h1>
          <p className="text-sm text-muted-foreground">
            No SMTP server is set (SMTP_URL), so Coachline keeps its emails here.
          </p>
        </div>
        <Button variant="outline" onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      </div>
      {outbox.isError && <p role="alert">The outbox is not available: mail is sent over SMTP.</p>}
      {outbox.data?.length === 0 && <p className="text-muted-foreground">No emails yet.</p>}
      <ul className="flex flex-col gap-3">
        {outbox.data?.map((message) => (
          <li key={message.id}>
            <Card>
              <article aria-label={`${message.subject} to ${message.to}`} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-medium">{message.subject}</h2>
                  <time className="text-xs text-muted-foreground" dateTime={message.createdAt}>
                    {new Date(message.createdAt).toLocaleString()}
                  </time>
                </div>
                <p className="text-sm text-muted-foreground">To: {message.to}</p>
                <pre className="text-sm whitespace-pre-wrap">{message.text}</pre>
                {message.links.map((link) => (
                  <a key={link} href={link} className="text-sm break-all text-primary underline">
                    {link}
                  </a>
                ))}
              </article>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
