import { useMemo } from 'react'
import { Line } from 'react-chartjs-2'
import { baseOptions, useChartColors } from './chart-theme.ts'

export type TrendPoint = { key: string; label: string; value: number }

/**
 * A value over time, one dot per point (a session, a reading). Drawn for the eye: the figure that
 * holds it gives the same numbers as text and as a table.
 */
export function TrendChart({
  points,
  unit,
  color = 'var(--chart-1)',
  domain = ['auto', 'auto'],
}: {
  points: readonly TrendPoint[]
  unit: string
  color?: string
  domain?: [number | 'auto', number | 'auto']
}) {
  const colors = useChartColors([color])
  const [min, max] = domain
  // Kept between renders: new objects would have Chart.js update the chart on every render.
  const data = useMemo(() => {
    const line = colors.series[0]
    return {
      labels: points.map((point) => point.label),
      datasets: [
        {
          data: points.map((point) => point.value),
          borderColor: line,
          backgroundColor: line,
          borderWidth: 2,
          cubicInterpolationMode: 'monotone' as const,
          pointRadius: 3,
          pointHoverRadius: 5,
        },
      ],
    }
  }, [colors, points])
  const options = useMemo(
    () =>
      baseOptions<'line'>(colors, unit, {
        min: min === 'auto' ? undefined : min,
        max: max === 'auto' ? undefined : max,
      }),
    [colors, unit, min, max],
  )
  return (
    <div className="relative h-[220px]">
      <Line aria-hidden data={data} options={options} />
    </div>
  )
}
