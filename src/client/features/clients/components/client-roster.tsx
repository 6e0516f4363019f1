import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { planDayOf } from '#shared/plan-schedule.ts'
import type { ActiveClient } from '#shared/schemas/clients.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { useArchiveClient } from '../api/client-mutations.ts'
import { clientQueries } from '../api/client-queries.ts'
import { clientsText, lastTrainedText, percent } from '../clients-text.ts'

function planText(client: ActiveClient): string {
  if (!client.activePlan) return 'No active plan'
  const week = client.activePlan.startDate
    ? (planDayOf({ startDate: client.activePlan.startDate }, localToday())?.week ?? null)
    : null
  return `${client.activePlan.name}${week === null ? ' · not started' : ` · week ${week}`}`
}

/** The coach's active clients: search, their plan and week, and ending a link. `actions` adds a row's own links (its chat). */
export function ClientRoster({ actions }: { actions?: (client: ActiveClient) => ReactNode }) {
  const clients = useQuery(clientQueries.active())
  const [search, setSearch] = useState('')
  // An older link to one client (?client=id) opens their page.
  const [params] = useSearchParams()
  const linked = params.get('client')
  const needle = search.trim().toLowerCase()
  const shown =
    clients.data?.filter(
      (c) => !needle || `${c.displayName} ${c.email} ${c.primaryGoal ?? ''}`.toLowerCase().includes(needle),
    ) ?? []
  if (linked) return <Navigate to={paths.coach.client.getHref(linked)} replace />

  return (
    <section aria-label="Clients" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">
          Clients{' '}
          {clients.data && <span className="text-sm font-normal text-muted-foreground">({clients.data.length})</span>}
        </h2>
        <Input
          aria-label="Search clients"
          type="search"
          placeholder="Search by name, email or goal"
          className="sm:max-w-xs"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {clients.isPending && <p className="text-sm text-muted-foreground">Loading clients…</p>}
      {clients.isError && <p role="alert">Your clients could not be loaded. Try again.</p>}
      {clients.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No clients yet. Invite your first one above.</p>
      )}
      {clients.data && clients.data.length > 0 && shown.length === 0 && (
        <p className="text-sm text-muted-foreground">No client matches “{search}”.</p>
      )}
      <ul className="divide-y rounded-xl border bg-card">
        {shown.map((client) => (
          <li
            key={client.clientId}
            id={`client-${client.clientId}`}
            aria-label={client.displayName}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <div className="min-w-0">
              <Link to={paths.coach.client.getHref(client.clientId)} className="font-medium hover:underline">
                {client.displayName}
              </Link>
              <p className="text-sm text-muted-foreground">
                {[client.primaryGoal, client.experienceLevel].filter(Boolean).join(' · ') || client.email}
              </p>
              <p className="text-sm text-muted-foreground">
                Sessions done {percent(client.adherence7)} this week · {percent(client.adherence28)} over 4 weeks ·{' '}
                {lastTrainedText(client.lastSessionAt, client.timeZone)}
                {client.missedLastTwo && (
                  <span className="ml-1 font-medium text-destructive">· missed the last two</span>
                )}
              </p>
              <p className="text-sm text-muted-foreground">
                Sets as prescribed {percent(client.setAdherence7)} this week · {percent(client.setAdherence28)} over 4
                weeks
              </p>
              <p className="text-sm">
                {client.activePlan ? (
                  <Link to={paths.coach.program.getHref(client.activePlan.id)} className="hover:underline">
                    {planText(client)}
                  </Link>
                ) : (
                  planText(client)
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-1">
              <Button asChild size="sm">
                <Link
                  to={paths.coach.client.getHref(client.clientId)}
                  aria-label={clientsText.openClient(client.displayName)}
                >
                  Open
                </Link>
              </Button>
              {actions?.(client)}
              <ArchiveClientButton client={client} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Ends the coaching of a client, after asking. */
export function ArchiveClientButton({ client, onArchived }: { client: ActiveClient; onArchived?: () => void }) {
  const archiveClient = useArchiveClient()
  const archive = () =>
    archiveClient.mutate(client.clientId, {
      onSuccess: () => {
        notify.success({ title: 'Client archived', description: client.displayName })
        onArchived?.()
      },
    })
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          Archive
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Archive {client.displayName}?</DialogTitle>
        <DialogDescription>
          You stop coaching them: they leave your roster and can join another coach. Their plan and history stay theirs.
        </DialogDescription>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={archiveClient.isPending || archiveClient.isSuccess} onClick={archive}>
            Archive client
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
