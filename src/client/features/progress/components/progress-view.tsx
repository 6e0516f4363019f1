import { useQuery } from '@tanstack/react-query'
import type { Unit } from '#shared/units.ts'
import { progressQueries } from '../api/progress-queries.ts'
import { progressText } from '../progress-text.ts'
import { BodyWeightSection } from './body-weight-section.tsx'
import { PhotosSection } from './photos-section.tsx'
import { E1rmSection } from './e1rm-section.tsx'
import { RecordsSection } from './records-section.tsx'
import { SessionRpeSection } from './session-rpe-section.tsx'
import { TimedResultsSection } from './timed-results-section.tsx'
import { VolumeSection } from './volume-section.tsx'

type Props = {
  /** The client a coach looks at; left out, the signed-in lifter's own progress. */
  clientId?: string
  /** The viewer's unit: loads and body weight are shown in it. */
  unit: Unit
  /** The lifter on their own page logs body weight here; a coach only reads. */
  canLogBodyWeight: boolean
  /** The lifter on their own page, who adds progress photos here; a coach only sees them. */
  userId?: string
}

/** Progress: estimated 1RM per movement, weekly volume, records, timed blocks, session RPE, body weight and photos. */
export function ProgressView({ clientId, unit, canLogBodyWeight, userId }: Props) {
  const progress = useQuery(progressQueries.overview(clientId))
  if (progress.isPending) return <p className="text-sm text-muted-foreground">Loading progress…</p>
  if (progress.isError) return <p role="alert">{progressText.loadFailed}</p>
  const p = progress.data
  return (
    <div className="flex flex-col gap-4">
      <E1rmSection clientId={clientId} unit={unit} progress={p} />
      <VolumeSection weeks={p.weeklyVolume} unit={unit} />
      <RecordsSection records={p.records} unit={unit} />
      <TimedResultsSection clientId={clientId} />
      <SessionRpeSection progress={p} />
      <BodyWeightSection progress={p} unit={unit} canLog={canLogBodyWeight} />
      <PhotosSection clientId={clientId} userId={userId} />
    </div>
  )
}
