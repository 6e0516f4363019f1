import { useQuery } from '@tanstack/react-query'
import { Repeat } from 'lucide-react'
import { useId, useState } from 'react'
import { missingAt } from '#shared/schemas/gyms.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { NativeSelect } from '#client/components/ui/input.tsx'
import { movementQueries } from '#client/features/movements/api/movement-queries.ts'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import type { PickedMovement } from '#client/features/movements/recent-movements.ts'
import { sessionText } from '../session-text.ts'

type Props = {
  userId: string
  exercise: SessionExercise
  /** The exercise as the logger names it ('2 Back squat'). */
  name: string
  /** The gym the lifter trains at now: what it lacks is the first reason to swap. */
  gym: { id: string; name: string; equipment: readonly string[] } | null
  onSwap: (movement: PickedMovement, reason: string | null) => void
}

/**
 * Swapping a movement in the logger: the movements that stand in for it best at the lifter's gym
 * first, then the whole library; and why, for the coach (the gym's missing equipment when it is
 * that, else what the lifter picks).
 */
export function SwapDialog({ userId, exercise, name, gym, onSwap }: Props) {
  const original = exercise.swappedFrom ?? exercise
  const lacking = gym ? missingAt(gym.equipment, exercise.equipment ?? []) : []
  const [reason, setReason] = useState(lacking.length && gym ? sessionText.swap.missing(gym.name, lacking) : '')
  return (
    <MovementPicker
      userId={userId}
      title={`Swap ${exercise.movementName}`}
      description={gym ? sessionText.swap.gymFirst(gym.name) : undefined}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Swap ${name}`}>
          <Repeat aria-hidden /> Swap
        </Button>
      }
      lead={(pick) => (
        // The dialog is a grid: without min-w-0 a long name would widen it past a phone's screen.
        <div className="flex min-w-0 flex-col gap-4">
          <Field label={sessionText.swap.reason}>
            {(control) => (
              <NativeSelect {...control} value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="">{sessionText.swap.noReason}</option>
                {lacking.length > 0 && gym && (
                  <option value={sessionText.swap.missing(gym.name, lacking)}>
                    {sessionText.swap.missing(gym.name, lacking)}
                  </option>
                )}
                {sessionText.swap.reasons.map((text) => (
                  <option key={text} value={text}>
                    {text}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Suggestions movementId={original.movementId} gym={gym} onPick={pick} />
        </div>
      )}
      onPick={(movement) => onSwap(movement, reason || null)}
    />
  )
}

function Suggestions({
  movementId,
  gym,
  onPick,
}: {
  movementId: string
  gym: Props['gym']
  onPick: (movement: PickedMovement) => void
}) {
  const swaps = useQuery(movementQueries.swaps(movementId, gym?.id ?? null))
  const title = sessionText.swap.suggested(swaps.data?.gym?.name ?? gym?.name ?? null)
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {swaps.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {swaps.isError && <p className="text-sm text-muted-foreground">{sessionText.swap.offline}</p>}
      {swaps.data?.items.length === 0 && <p className="text-sm text-muted-foreground">{sessionText.swap.none}</p>}
      {swaps.data && swaps.data.items.length > 0 && (
        <ul className="flex flex-col gap-1">
          {swaps.data.items.map((movement) => (
            <li key={movement.id}>
              <button
                type="button"
                className="flex w-full min-w-0 flex-wrap items-baseline justify-between gap-x-2 rounded-md border bg-background px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                onClick={() => onPick(movement)}
              >
                <span className="font-medium">{movement.name}</span>
                <span className="text-xs text-muted-foreground">{movement.equipment.join(', ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
