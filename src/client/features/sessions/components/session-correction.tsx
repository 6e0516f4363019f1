import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
import { useQueryClient } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { useEffect, useState } from 'react'
import { CORRECTION_WINDOW_HOURS } from '#shared/schemas/sessions.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { refreshCorrected } from '../api/correction-notices.ts'
import { formatWhen } from '../correction-format.ts'
import { onSetStored, usePendingSets } from '../offline/sync.ts'
import { useSessionLog } from '../offline/use-session-log.ts'
import { sessionText } from '../session-text.ts'
import { ExerciseLogger } from './exercise-logger.tsx'
import { PendingBanner } from './pending-banner.tsx'

const HOUR_MS = 3_600_000

type Props = { userId: string; sessionId: string; completedAt: string; unit: Unit; plates: PlateSetup }

/**
 * The lifter's corrections of their finished session, on its summary (docs/product.md#corrections):
 * for 48 hours after the finish its sets are edited as in the logger, through the same offline
 * queue, so a correction made with no signal waits on the device like a set does. The server's
 * clock decides; this screen only says until when.
 */
export function SessionCorrection({ userId, sessionId, completedAt, unit, plates }: Props) {
  const [correcting, setCorrecting] = useState(false)
  const [openedAt] = useState(() => Date.now())
  const until = Date.parse(completedAt) + CORRECTION_WINDOW_HOURS * HOUR_MS
  const queryClient = useQueryClient()
  // Each correction the server stores shows at once in the summary, the lists and the records.
  useEffect(
    () =>
      onSetStored((change) => {
        if (change.sessionId === sessionId) refreshCorrected(queryClient)
      }),
    [sessionId, queryClient],
  )

  return (
    <section aria-labelledby="correction-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id="correction-heading" className="font-semibold">
        {sessionText.correction.heading}
      </h2>
      <PendingBanner userId={userId} sessionId={sessionId} />
      {openedAt >= until && !correcting ? (
        <p className="text-sm text-muted-foreground">{sessionText.correction.closed}</p>
      ) : correcting ? (
        <CorrectionEditor
          userId={userId}
          sessionId={sessionId}
          unit={unit}
          plates={plates}
          onDone={() => setCorrecting(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{sessionText.correction.until(formatWhen(until))}</p>
          <Button variant="outline" onClick={() => setCorrecting(true)}>
            <Pencil aria-hidden /> {sessionText.correction.open}
          </Button>
        </div>
      )}
    </section>
  )
}

function CorrectionEditor({
  userId,
  sessionId,
  unit,
  plates,
  onDone,
}: Omit<Props, 'completedAt'> & { onDone: () => void }) {
  const log = useSessionLog(userId, sessionId)
  const { refused } = usePendingSets(userId, sessionId)
  if (log.status === 'loading') return <p className="text-sm text-muted-foreground">Loading…</p>
  if (log.status !== 'ready' || !log.session) return <p role="alert">{sessionText.loadFailed}</p>
  const session = log.session
  return (
    <>
      <ol aria-label="Exercises" className="flex flex-col gap-3">
        {session.exercises.map((exercise, index) => (
          <ExerciseLogger
            key={exercise.key}
            exercise={exercise}
            label={String(index + 1)}
            sets={session.sets}
            stats={undefined}
            refused={refused}
            unit={unit}
            plates={plates}
            onLog={log.logSet}
            onRemoveSet={(set) => log.removeSet(set.id)}
            removeAny
          />
        ))}
      </ol>
      <Button className="self-end" onClick={onDone}>
        {sessionText.correction.done}
      </Button>
    </>
  )
}
