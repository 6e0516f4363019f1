import { useQuery } from '@tanstack/react-query'
import { MessageClientLink } from '#client/features/chat/components/unread-messages.tsx'
import { ClientRoster } from '#client/features/clients/components/client-roster.tsx'
import { ClientExportLinks } from '#client/features/data-export/components/client-export-links.tsx'
import { InviteForm } from '#client/features/invites/components/invite-form.tsx'
import { InviteList } from '#client/features/invites/components/invite-list.tsx'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'

/** /coach/clients: invite clients into a plan, follow the invites, and the roster. */
export function ClientsPage() {
  const plans = useQuery(planQueries.own())
  return (
    <section className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Clients</h1>
        <p className="text-sm text-muted-foreground">Invite clients into a plan, and see who you coach.</p>
      </div>
      <InviteForm plans={plans.data} />
      <InviteList />
      <ClientRoster
        actions={(client) => (
          <>
            <MessageClientLink clientId={client.clientId} name={client.displayName} />
            <ClientExportLinks clientId={client.clientId} name={client.displayName} />
          </>
        )}
      />
    </section>
  )
}
