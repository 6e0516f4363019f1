import { Award, ClipboardCheck, ClipboardX, Flame, TrendingDown, CalendarX } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Dashboard } from '#shared/schemas/clients.ts'
import { Button } from '#client/components/ui/button.tsx'
import { MessageClientLink } from '#client/features/chat/components/unread-messages.tsx'
import { clientsText } from '../clients-text.ts'

const ICONS = {
  set_adherence_dropped: TrendingDown,
  missed_workouts: CalendarX,
  rpe_above_target: Flame,
  missed_check_ins: ClipboardX,
  check_in_changed: ClipboardCheck,
} as const

/** The dashboard's list of clients who need the coach to act today, each with why, their page and their chat one tap away. */
export function NeedsYou({ clients }: { clients: Dashboard['needsYou'] }) {
  return (
    <section aria-label={clientsText.needsYouTitle} className="flex flex-col gap-2">
      <h2 className="font-semibold">{clientsText.needsYouTitle}</h2>
      {clients.length === 0 ? (
        <p className="text-sm text-muted-foreground">{clientsText.nobodyNeedsYou}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {clients.map((c) => (
            <li key={c.clientId} aria-label={c.displayName} className="flex flex-col gap-2 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{c.displayName}</span>
                <OpenAndMessage clientId={c.clientId} name={c.displayName} />
              </div>
              <ul className="flex flex-col gap-1 text-sm">
                {c.reasons.map((reason) => {
                  const Icon = ICONS[reason.kind]
                  return (
                    <li key={reason.kind} className="flex items-start gap-2">
                      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
                      {clientsText.reason(reason)}
                    </li>
                  )
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The clients with new records this week: worth a word of congratulation, apart from those who need action. */
export function RecordsToCongratulate({ clients }: { clients: Dashboard['recordsToCongratulate'] }) {
  if (clients.length === 0) return null
  return (
    <section aria-label={clientsText.recordsTitle} className="flex flex-col gap-2">
      <h2 className="font-semibold">{clientsText.recordsTitle}</h2>
      <ul className="divide-y rounded-xl border bg-card">
        {clients.map((c) => (
          <li
            key={c.clientId}
            aria-label={c.displayName}
            className="flex flex-wrap items-center justify-between gap-2 p-3"
          >
            <span className="flex min-w-0 items-start gap-2 text-sm">
              <Award className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              <span className="min-w-0">
                <span className="font-medium">{c.displayName}</span>
                <span className="block text-muted-foreground">{clientsText.records(c.movements)}</span>
              </span>
            </span>
            <OpenAndMessage clientId={c.clientId} name={c.displayName} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A client's page and their chat, one tap each. */
function OpenAndMessage({ clientId, name }: { clientId: string; name: string }) {
  return (
    <div className="flex gap-1">
      <Button asChild size="sm" variant="outline">
        <Link to={paths.coach.client.getHref(clientId)} aria-label={clientsText.openClient(name)}>
          Open
        </Link>
      </Button>
      <MessageClientLink clientId={clientId} name={name} />
    </div>
  )
}
