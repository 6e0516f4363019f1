import { onCLS, onINP, onLCP, type Metric } from 'web-vitals'
import { recordPerf, routeOf } from './perf-log.ts'

/** Loaded after the first screen (its own chunk): LCP, INP and CLS of each page view, by route. */
export function startWebVitals(): void {
  const record = (metric: Metric) =>
    recordPerf({
      kind: 'vital',
      name: metric.name as 'LCP' | 'INP' | 'CLS',
      value: metric.value,
      rating: metric.rating,
      route: routeOf(location.pathname),
    })
  onLCP(record)
  onINP(record)
  onCLS(record)
}
