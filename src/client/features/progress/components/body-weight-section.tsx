import { Trash2 } from 'lucide-react'
import type { Progress } from '#shared/schemas/progress.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'
import { useDeleteBodyWeight } from '../api/progress-queries.ts'
import { chartLoad, longDate, shortDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { BodyWeightForm } from './body-weight-form.tsx'
import { ChartFigure, DataTable } from './chart-figure.tsx'
import { TrendChart } from './trend-chart.tsx'

/** Body weight over time; the lifter on their own page logs and deletes readings here. */
export function BodyWeightSection({ progress, unit, canLog }: { progress: Progress; unit: Unit; canLog: boolean }) {
  const remove = useDeleteBodyWeight()
  const points = progress.bodyWeights.map((b) => ({
    key: b.date,
    label: shortDate(b.date),
    value: chartLoad(b.weightKg, unit),
    date: b.date,
  }))
  const first = points[0]
  const last = points.at(-1)
  return (
    <ChartFigure
      title="Body weight"
      footer={canLog && <BodyWeightForm unit={unit} />}
      empty={points.length === 0 ? progressText.bodyWeightNothing(canLog) : null}
      summary={
        first && last
          ? progressText.bodyWeightSummary(
              points.length,
              `${first.value} ${unit} on ${longDate(first.date)}`,
              `${last.value} ${unit} on ${longDate(last.date)}`,
            )
          : ''
      }
      table={
        <DataTable
          caption="Body weight readings"
          head={canLog ? ['Date', `Weight (${unit})`, ''] : ['Date', `Weight (${unit})`]}
          rows={[...points].reverse().map((pt) => [
            longDate(pt.date),
            pt.value,
            ...(canLog
              ? [
                  <Button
                    key="delete"
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete the reading of ${longDate(pt.date)}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(pt.date, {
                        onSuccess: () =>
                          notify.success({ ...progressText.readingDeleted, description: longDate(pt.date) }),
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>,
                ]
              : []),
          ])}
        />
      }
    >
      <TrendChart points={points} unit={unit} color="var(--chart-2)" />
    </ChartFigure>
  )
}
