import type { QueryClient } from '@tanstack/react-query'
import { progressQueries } from '#client/features/progress/api/progress-queries.ts'
import { sessionQueries } from './session-queries.ts'

/**
 * A finished session was corrected (on this device, another of the lifter's, or, for a coach, by
 * their client): its summary, the session lists and the records and progress built from its sets
 * are fetched again where they are on screen (docs/product.md#corrections).
 */
export function refreshCorrected(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
  void queryClient.invalidateQueries({ queryKey: progressQueries.all() })
}
