import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export type TrendPoint = { key: string; label: string; value: number }

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 }

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
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
          minTickGap={16}
        />
        <YAxis domain={domain} tick={axisTick} tickLine={false} axisLine={false} width={44} allowDecimals={false} />
        <Tooltip
          formatter={(value) => [`${String(value)} ${unit}`, '']}
          separator=""
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--card-foreground)',
          }}
        />
        <Line
          type="monotone"
          dataKey="value"
          stroke={color}
          strokeWidth={2}
          dot={{ r: 3, fill: color }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  )
}
