import { useId } from 'react'
import type { MovementRecords } from '#shared/schemas/progress.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { chartLoad, longDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { ChartHeading, DataTable } from './chart-figure.tsx'

/** Personal records: each movement's best e1RM and its heaviest 1, 3, 5, 8 and 10 reps. */
export function RecordsSection({ records, unit }: { records: readonly MovementRecords[]; unit: Unit }) {
  const withBest = records.filter((r) => r.bestE1rm)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <ChartHeading id={headingId}>Personal records</ChartHeading>
      {withBest.length === 0 ? (
        <p className="text-sm text-muted-foreground">{progressText.recordsNothing}</p>
      ) : (
        <DataTable
          caption="Personal records by movement"
          head={['Movement', 'Best e1RM', 'From', 'Date', 'Rep records']}
          rows={withBest.map((r) => [
            r.name,
            `${chartLoad(r.bestE1rm?.e1rmKg ?? 0, unit)} ${unit}`,
            `${fromKg(r.bestE1rm?.loadKg ?? 0, unit)} ${unit} × ${r.bestE1rm?.reps ?? 0}`,
            longDate(r.bestE1rm?.date ?? ''),
            r.byReps
              .filter((rep) => [1, 3, 5, 8, 10].includes(rep.reps))
              .map((rep) => `${rep.reps}RM ${fromKg(rep.loadKg, unit)}`)
              .join(' · '),
          ])}
        />
      )}
    </section>
  )
}
