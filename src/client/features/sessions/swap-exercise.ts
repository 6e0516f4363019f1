import { SWAP_REASON_MAX, type SessionExercise } from '#shared/schemas/sessions.ts'
import type { PickedMovement } from '#client/features/movements/recent-movements.ts'

/**
 * The exercise with another movement in its place: the targets and the link to the prescription
 * stay, and the movement the plan asked for is remembered (through several swaps, the first),
 * so the coach sees the swap and why. Swapping back to it undoes the swap.
 */
export function swapExercise(
  exercise: SessionExercise,
  movement: PickedMovement,
  reason: string | null = null,
): SessionExercise {
  const { movementId, movementName } = exercise.swappedFrom ?? exercise
  const original = { movementId, movementName, reason: reason?.slice(0, SWAP_REASON_MAX) || null }
  // How to do the old movement is not how to do the new one: the dialog reads the new one's.
  const { instructions: _instructions, videoUrl: _videoUrl, ...rest } = exercise
  return {
    ...rest,
    movementId: movement.id,
    movementName: movement.name,
    tracking: movement.tracking,
    equipment: movement.equipment,
    swappedFrom: original.movementId === movement.id ? null : original,
  }
}
