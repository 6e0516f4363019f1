import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { PickedMovement } from '#client/features/movements/recent-movements.ts'

/**
 * The exercise with another movement in its place: the targets and the link to the prescription
 * stay, and the movement the plan asked for is remembered (through several swaps, the first),
 * so the coach sees the swap. Swapping back to it undoes the swap.
 */
export function swapExercise(exercise: SessionExercise, movement: PickedMovement): SessionExercise {
  const original = exercise.swappedFrom ?? { movementId: exercise.movementId, movementName: exercise.movementName }
  return {
    ...exercise,
    movementId: movement.id,
    movementName: movement.name,
    tracking: movement.tracking,
    equipment: movement.equipment,
    swappedFrom: original.movementId === movement.id ? null : original,
  }
}
