import { Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import type { MovementFilters as Filters } from '../api/movement-queries.ts'
import { readRecentMovements, rememberMovement, type PickedMovement } from '../recent-movements.ts'
import { MovementFilters } from './movement-filters.tsx'
import { MovementResults } from './movement-results.tsx'

type Props = {
  /** Whose recent picks to show: each account on a shared device keeps its own. */
  userId: string
  /** The button that opens the picker. */
  trigger: ReactNode
  title?: string
  description?: string
  /** What comes first in the dialog (a swap's suggestions), given the picker's own way to pick. */
  lead?: (pick: (movement: PickedMovement) => void) => ReactNode
  onPick: (movement: PickedMovement) => void
}

/**
 * The one movement picker of every builder (plan builder, workout builder, swapping a
 * movement in a session): search, filters and the movements picked recently.
 */
export function MovementPicker({
  userId,
  trigger,
  title = 'Choose a movement',
  description = 'Search the built-in library and your own movements.',
  lead,
  onPick,
}: Props) {
  const [open, setOpen] = useState(false)
  const [filters, setFilters] = useState<Filters>({})
  const recent = open ? readRecentMovements(userId) : []

  function pick(movement: PickedMovement) {
    rememberMovement(userId, movement)
    onPick(movement)
    setOpen(false)
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {open && lead?.(pick)}
        {recent.length > 0 && (
          <div role="group" aria-label="Recent movements" className="flex flex-wrap gap-2">
            {recent.map((movement) => (
              <Button key={movement.id} variant="secondary" size="sm" onClick={() => pick(movement)}>
                {movement.name}
              </Button>
            ))}
          </div>
        )}
        <MovementFilters value={filters} onChange={setFilters} />
        <MovementResults filters={filters} onSelect={pick} label="Movements to choose from" />
      </DialogContent>
    </Dialog>
  )
}

/** The 'Add exercise' button under a workout's exercises (the builders and a live session), with its picker. */
export function AddExercisePicker({ userId, onPick }: Pick<Props, 'userId' | 'onPick'>) {
  return (
    <MovementPicker
      userId={userId}
      title="Add an exercise"
      trigger={
        <Button variant="outline" className="self-start">
          <Plus aria-hidden /> Add exercise
        </Button>
      }
      onPick={onPick}
    />
  )
}
