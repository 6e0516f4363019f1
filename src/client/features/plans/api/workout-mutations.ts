import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CopyWorkoutInput, CreateWorkoutInput } from '#shared/schemas/workouts.ts'
import { planQueries } from './plan-queries.ts'
import { workoutCalls, workoutQueries } from './workout-queries.ts'

/** A new standalone workout (or workout template); field errors go under the form's fields. */
export function useCreateWorkout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateWorkoutInput) => workoutCalls.create(input),
    meta: { errorTitle: 'Could not create the workout', fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workoutQueries.all() }),
  })
}

/** A copy of a workout, after the editor's pending saves when given (the copy is of the server's workout). */
export function useCopyWorkout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      workoutId,
      body,
      whenSaved,
    }: {
      workoutId: string
      body: CopyWorkoutInput
      whenSaved?: () => Promise<void>
    }) => {
      await whenSaved?.()
      return workoutCalls.copy(workoutId, body)
    },
    meta: { errorTitle: 'Could not copy the workout' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workoutQueries.all() }),
  })
}

/**
 * One action on a template or workout card (archive, restore, duplicate), named by the card's id
 * so the card can show it is busy; plans and workouts refresh after.
 */
export function useCardAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ run }: { id: string; run: () => Promise<unknown> }) => run(),
    meta: { errorTitle: 'That did not work' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: planQueries.all() })
      await queryClient.invalidateQueries({ queryKey: workoutQueries.all() })
    },
  })
}
