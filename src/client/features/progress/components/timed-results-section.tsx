import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { resultText } from '#shared/timed-work.ts'
import { progressQueries } from '../api/progress-queries.ts'
import { progressText } from '../progress-text.ts'
import { ChartHeading, DataTable } from './chart-figure.tsx'

/** Conditioning: each timed block of a finished session, what it asked and what it came to. */
export function TimedResultsSection({ clientId }: { clientId: string | undefined }) {
  const timed = useQuery(progressQueries.timed(clientId))
  const headingId = useId()
  // A lifter who has never trained a timed block has nothing to see here.
  if (!timed.data?.items.length) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <ChartHeading id={headingId}>{progressText.conditioning}</ChartHeading>
      <DataTable
        caption={progressText.conditioningCaption}
        head={progressText.conditioningColumns}
        rows={timed.data.items.map((item) => [
          // The lifter's day, as the session was finished on their clock.
          new Date(item.completedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
          item.asked,
          item.movements.join(' + '),
          resultText(item.result),
        ])}
      />
    </section>
  )
}
