import { useState, type FormEvent } from 'react'
import {
  CreateMovementBody,
  EQUIPMENT,
  MUSCLES,
  PATTERNS,
  TRACKING,
  movementApiText,
  type CreateMovementInput,
  type Movement,
} from '#shared/schemas/movements.ts'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { Button } from '#client/components/ui/button.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useCreateMovement, useUpdateMovement } from '../api/movement-mutations.ts'

const TRACKING_LABELS: Record<(typeof TRACKING)[number], string> = {
  weight_reps: 'Weight and reps',
  reps: 'Reps only',
  time: 'Time',
  distance_time: 'Distance and time',
}

type Draft = {
  name: string
  aliases: string
  pattern: string
  tracking: string
  primaryMuscles: CreateMovementInput['primaryMuscles']
  secondaryMuscles: CreateMovementInput['primaryMuscles']
  equipment: CreateMovementInput['equipment']
  unilateral: boolean
  instructions: string
  videoUrl: string
}

function draftOf(movement?: Movement): Draft {
  return {
    name: movement?.name ?? '',
    aliases: movement?.aliases.join(', ') ?? '',
    pattern: movement?.pattern ?? '',
    tracking: movement?.tracking ?? 'weight_reps',
    primaryMuscles: movement?.primaryMuscles ?? [],
    secondaryMuscles: movement?.secondaryMuscles ?? [],
    equipment: movement?.equipment ?? [],
    unilateral: movement?.unilateral ?? false,
    instructions: movement?.instructions ?? '',
    videoUrl: movement?.videoUrl ?? '',
  }
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  movement?: Movement
  onSaved?: (movement: Movement) => void
}

/** Create or edit an own movement; the shared schema checks it here and again on the server. */
export function MovementFormDialog({ open, onOpenChange, movement, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(movement))
  const [errors, setErrors] = useState<FieldErrors>({})
  const create = useCreateMovement()
  const update = useUpdateMovement()
  const busy = create.isPending || update.isPending
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  // A list's item ('aliases.2') shows under its list's field.
  const error = (field: string) =>
    errors[field]?.[0] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field}.`))?.[1][0]

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = CreateMovementBody.safeParse({
      ...draft,
      aliases: draft.aliases
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      videoUrl: draft.videoUrl.trim() || null,
    })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    setErrors({})
    const done = {
      onSuccess: (saved: Movement) => {
        notify.success({ title: movement ? movementApiText.saved : movementApiText.created })
        onSaved?.(saved)
        onOpenChange(false)
      },
      onError: (err: Error) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields)
      },
    }
    if (movement) update.mutate({ id: movement.id, input: parsed.data }, done)
    else create.mutate(parsed.data, done)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{movement ? 'Edit movement' : 'New movement'}</DialogTitle>
        <DialogDescription>
          Your own movements are visible to you and, through your plans, to your clients.
        </DialogDescription>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <Field label="Name" error={error('name')}>
            {(control) => <Input {...control} value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
          <Field label="Aliases" hint="Other names, separated by commas (e.g. RDL)." error={error('aliases')}>
            {(control) => (
              <Input {...control} value={draft.aliases} onChange={(e) => set({ aliases: e.target.value })} />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Pattern" error={error('pattern')}>
              {(control) => (
                <NativeSelect {...control} value={draft.pattern} onChange={(e) => set({ pattern: e.target.value })}>
                  <option value="">Choose…</option>
                  {PATTERNS.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Tracking" error={error('tracking')}>
              {(control) => (
                <NativeSelect {...control} value={draft.tracking} onChange={(e) => set({ tracking: e.target.value })}>
                  {TRACKING.map((t) => (
                    <option key={t} value={t}>
                      {TRACKING_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <CheckboxGroup
            legend="Primary muscles"
            options={MUSCLES}
            value={draft.primaryMuscles}
            onChange={(v) => set({ primaryMuscles: v })}
            error={error('primaryMuscles')}
          />
          <CheckboxGroup
            legend="Secondary muscles"
            options={MUSCLES}
            value={draft.secondaryMuscles}
            onChange={(v) => set({ secondaryMuscles: v })}
            error={error('secondaryMuscles')}
          />
          <CheckboxGroup
            legend="Equipment"
            options={EQUIPMENT}
            value={draft.equipment}
            onChange={(v) => set({ equipment: v })}
            error={error('equipment')}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={draft.unilateral}
              onChange={(e) => set({ unilateral: e.target.checked })}
            />
            One side at a time (unilateral)
          </label>
          <Field label="Coaching instructions" error={error('instructions')}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                className="rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
                value={draft.instructions}
                onChange={(e) => set({ instructions: e.target.value })}
              />
            )}
          </Field>
          <Field label="Video or reference link" hint="http:// or https:// only." error={error('videoUrl')}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                value={draft.videoUrl}
                onChange={(e) => set({ videoUrl: e.target.value })}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : movement ? 'Save movement' : 'Create movement'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
