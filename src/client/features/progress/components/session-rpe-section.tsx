import type { Progress } from '#shared/schemas/progress.ts'
import { longDate, shortDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { ChartFigure, DataTable } from './chart-figure.tsx'
import { TrendChart } from './trend-chart.tsx'

/** The RPE the lifter gave each session, over time. */
export function SessionRpeSection({ progress }: { progress: Progress }) {
  const points = progress.sessionRpe.map((s) => ({
    key: s.sessionId,
    label: shortDate(s.date),
    value: s.rpe,
    date: s.date,
    title: s.title,
  }))
  const average = points.length ? Math.round((points.reduce((n, pt) => n + pt.value, 0) / points.length) * 10) / 10 : 0
  return (
    <ChartFigure
      title="Session RPE"
      empty={points.length === 0 ? progressText.rpeNothing : null}
      summary={progressText.rpeSummary(points.length, average, points.at(-1)?.value ?? '')}
      table={
        <DataTable
          caption="Session RPE by session"
          head={['Date', 'Workout', 'RPE']}
          rows={points.map((pt) => [longDate(pt.date), pt.title, pt.value])}
        />
      }
    >
      <TrendChart points={points} unit="RPE" color="var(--chart-4)" domain={[0, 10]} />
    </ChartFigure>
  )
}
