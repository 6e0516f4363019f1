import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Proposal } from '#shared/schemas/progression-api.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'
import { proposalQueries, useDecideProposals } from '../api/progression-calls.ts'
import { formatPrescribedSet } from '../prescription-format.ts'

const setsText = (sets: Proposal['toSets'], unit: Unit) =>
  [...new Set(sets.map((s) => formatPrescribedSet(s, unit)))].join(' · ')

/** The coach's dashboard card of rule changes waiting for approval: all at once, or one by one. */
export function ProgressionProposals({ unit }: { unit: Unit }) {
  const proposals = useQuery(proposalQueries.pending())
  const decide = useDecideProposals()
  const items = proposals.data ?? []
  if (!items.length) return null

  function handleDecide(ids: string[], decision: 'approve' | 'dismiss') {
    decide.mutate(
      { ids, decision },
      {
        onSuccess: ({ approved, dismissed, stale }) => {
          const done = decision === 'approve' ? `${approved} approved` : `${dismissed} dismissed`
          notify.success({
            title: 'Targets updated',
            description: stale ? `${done}; ${stale} skipped: those targets changed since.` : `${done}.`,
          })
        },
      },
    )
  }

  return (
    <section aria-labelledby="proposals-heading" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="proposals-heading" className="font-semibold">
          Progressions to approve ({items.length})
        </h2>
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() =>
            handleDecide(
              items.map((p) => p.id),
              'approve',
            )
          }
        >
          Approve all
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((p) => (
          <li
            key={p.id}
            aria-label={`${p.clientName}: ${p.movementName}, week ${p.week} day ${p.day}`}
            className="flex flex-col gap-1 rounded-md border p-3 text-sm"
          >
            <p className="font-medium break-words">
              {p.clientName} · {p.movementName} ·{' '}
              <Link className="underline-offset-2 hover:underline" to={paths.coach.program.getHref(p.planId)}>
                {p.planName}
              </Link>
              , week {p.week} day {p.day}
            </p>
            <p className="break-words">
              {setsText(p.fromSets, unit)} → <strong>{setsText(p.toSets, unit)}</strong>
            </p>
            <p className="break-words text-muted-foreground">{p.reason}</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => handleDecide([p.id], 'approve')}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={decide.isPending}
                onClick={() => handleDecide([p.id], 'dismiss')}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
