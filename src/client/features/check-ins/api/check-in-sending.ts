import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import {
  CheckInSchema,
  type Answer,
  type CheckInInput,
  type OpenCheckIns,
  type PhotoAnswer,
} from '#shared/schemas/check-ins.ts'
import { POSES } from '#shared/schemas/progress-photos.ts'
import { toKg, type Unit } from '#shared/units.ts'
import { addPhoto } from '#client/features/progress/api/photo-uploads.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { enqueue, registerQueueHandler, useQueuedItems, type QueueItem } from '#client/lib/offline-queue/queue.ts'
import { checkInsText } from '../check-ins-text.ts'
import { deleteDraft, draftKey, type CheckInDraft } from './check-in-drafts.ts'
import { checkInQueries } from './check-in-queries.ts'

const CHECK_IN_KIND = 'check-in'
type OpenCheckIn = OpenCheckIns['open'][number]

/** What a typed number means: commas as decimal points, nothing typed as no answer. */
export const numberOf = (typed: string | number | boolean | undefined): number | undefined => {
  if (typeof typed === 'number') return typed
  if (typeof typed !== 'string' || typed.trim() === '') return undefined
  const value = Number(typed.replace(',', '.'))
  return Number.isFinite(value) ? value : Number.NaN
}

/**
 * Sends a filled-in check-in through the offline queue (docs/offline-queue.md): its photos first,
 * each as a progress photo of today, then the answers naming them. The queue keeps both on the
 * device until there is a signal, in that order; the draft goes once they are queued.
 */
export async function sendCheckIn(userId: string, open: OpenCheckIn, draft: CheckInDraft, unit: Unit): Promise<void> {
  const answers: Record<string, Answer> = {}
  for (const question of open.questions) {
    const typed = draft.answers[question.id]
    switch (question.kind) {
      case 'scale':
      case 'yesNo':
        if (typed !== undefined) answers[question.id] = typed
        break
      case 'number':
      case 'bodyWeight': {
        const value = numberOf(typed)
        if (value !== undefined)
          answers[question.id] = question.kind === 'bodyWeight' ? Math.round(toKg(value, unit) * 100) / 100 : value
        break
      }
      case 'shortText':
      case 'longText':
        if (typeof typed === 'string' && typed.trim()) answers[question.id] = typed.trim()
        break
      case 'photos': {
        const ids: PhotoAnswer = {}
        for (const pose of POSES) {
          const image = draft.photos[question.id]?.[pose]
          if (!image) continue
          const id = crypto.randomUUID()
          await addPhoto(userId, { id, pose, takenOn: localToday(), image })
          ids[pose] = id
        }
        if (Object.keys(ids).length) answers[question.id] = ids
        break
      }
    }
  }
  const checkIn: CheckInInput = { id: crypto.randomUUID(), scheduleId: open.scheduleId, dueOn: open.dueOn, answers }
  await enqueue(userId, CHECK_IN_KIND, `${open.scheduleId}:${open.dueOn}`, checkIn)
  await deleteDraft(draftKey(userId, open.scheduleId, open.dueOn))
}

/** The check-ins sent on this device that the server does not have yet (or refused, with why). */
export function useWaitingCheckIns(userId: string): readonly QueueItem<CheckInInput>[] {
  const items = useQueuedItems(userId)
  return useMemo(() => items.filter((item): item is QueueItem<CheckInInput> => item.kind === CHECK_IN_KIND), [items])
}

/** Sends waiting check-ins from whatever screen is open; what is due and what is in are read again once one lands. */
export function useCheckInSending(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      registerQueueHandler<CheckInInput>(CHECK_IN_KIND, {
        send: ({ payload }, signal) =>
          apiRequest(apiPaths.checkIns.submit, { method: 'POST', body: payload, schema: CheckInSchema, signal }),
        sent: () => void queryClient.invalidateQueries({ queryKey: checkInQueries.all() }),
        refused: (_item, refusal) => notify.error({ title: checkInsText.notSaved, description: refusal.message }),
      }),
    [queryClient],
  )
}
