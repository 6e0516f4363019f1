import { useState } from 'react'
import type { FieldErrors } from '#shared/errors.ts'
import type { WorkoutContent } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { ApiError } from '#client/lib/api-client.ts'
import type { SaveState } from './api/use-save-queue.ts'
import { useDraftAutosave } from './use-draft-autosave.ts'
import { validateWorkoutDraft, type WorkoutDraft } from './workout-draft.ts'

type Options<D> = {
  /** The draft the editor opens with (called once). */
  initial: () => D
  unit: Unit
  /** The save queue's state: 'pending' while a change waits, 'invalid' while a field is wrong. */
  setSaveState: (state: SaveState) => void
  /** Queues the save of a valid draft's content; the field errors of its failure show under their fields. */
  send: (content: WorkoutContent, draft: D) => Promise<unknown>
  /** Where the server's answer puts the workout's fields ('workout.' for a planned day); left off to match the editor's paths. */
  fieldsUnder?: string
  /** False once nothing more may be saved (the workout was removed). */
  shouldSave?: () => boolean
}

const withoutPrefix = (fields: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(
    Object.entries(fields).map(([path, messages]) => [
      path.startsWith(prefix) ? path.slice(prefix.length) : path,
      messages,
    ]),
  )

/**
 * A workout draft in the exercise editor that saves itself a moment after each change (a planned
 * day, a standalone workout). A draft the shared schema refuses is not sent: its errors show under
 * their fields and the save status says why nothing saves.
 */
export function useAutosavedWorkout<D extends WorkoutDraft>({
  initial,
  unit,
  setSaveState,
  send,
  fieldsUnder = '',
  shouldSave = () => true,
}: Options<D>) {
  const [draft, setDraft] = useState<D>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})

  /** The draft's content when it is valid; otherwise null, with its errors shown. */
  function check(next: D): WorkoutContent | null {
    const checked = validateWorkoutDraft(next, unit)
    if (checked.ok) return checked.content
    setErrors(checked.fields)
    setSaveState('invalid')
    return null
  }

  function save(next: D) {
    if (!shouldSave()) return
    const content = check(next)
    if (!content) return
    setErrors({})
    send(content, next).catch((error: unknown) => {
      if (error instanceof ApiError && error.fields) setErrors(withoutPrefix(error.fields, fieldsUnder))
    })
  }
  const { flush } = useDraftAutosave(draft, save)

  function change(next: D) {
    setSaveState('pending')
    setDraft(next)
  }

  return { draft, change, errors, check, flush }
}
