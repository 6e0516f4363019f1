import { useState, type FormEvent } from 'react'
import type { HabitKind } from '#shared/habits.ts'
import { HABIT_NAME_MAX, HABIT_TARGET_MAX, HABIT_UNIT_MAX, type Habit } from '#shared/schemas/habits.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useSaveHabit } from '../api/habit-queries.ts'
import { HABIT_PRESETS, habitsText } from '../habits-text.ts'

type Draft = { name: string; kind: HabitKind; unit: string; target: string }

const draftOf = (habit?: Habit): Draft =>
  habit
    ? {
        name: habit.name,
        kind: habit.kind,
        unit: habit.unit,
        target: habit.target === null ? '' : String(habit.target),
      }
    : { name: '', kind: 'check', unit: '', target: '' }

/** Sets a new habit for `clientId` (a coach's client; undefined: the lifter's own), or edits `habit`. */
export function HabitFormDialog({
  clientId,
  habit,
  onClose,
}: {
  clientId?: string
  habit?: Habit
  onClose: () => void
}) {
  const save = useSaveHabit()
  const [draft, setDraft] = useState<Draft>(() => draftOf(habit))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }))
  const serverField = (name: keyof Draft) =>
    save.error instanceof ApiError ? save.error.fields?.[name]?.[0] : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    const name = draft.name.trim()
    const target = Number(draft.target.replace(',', '.'))
    const found: typeof errors = {}
    if (!name || name.length > HABIT_NAME_MAX) found.name = `Give it a name of at most ${HABIT_NAME_MAX} characters`
    if (draft.kind === 'amount' && !(draft.target.trim() && target > 0 && target <= HABIT_TARGET_MAX))
      found.target = `A target from above 0 to ${HABIT_TARGET_MAX.toLocaleString()}`
    setErrors(found)
    if (Object.keys(found).length) return
    const amount = draft.kind === 'amount' ? { target } : {}
    save.mutate(
      habit
        ? { id: habit.id, change: { name, unit: draft.unit.trim(), ...amount } }
        : { input: { clientId, name, kind: draft.kind, unit: draft.unit.trim(), ...amount } },
      {
        onSuccess: () => {
          notify.success({ title: habitsText.saved, description: name })
          onClose()
        },
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{habit ? habitsText.formTitleEdit : habitsText.formTitleNew}</DialogTitle>
        <DialogDescription>{habitsText.formDescription}</DialogDescription>
        {!habit && (
          <div role="group" aria-label={habitsText.presets} className="flex flex-wrap gap-2">
            {HABIT_PRESETS.map((preset) => (
              <Button
                key={preset.name}
                type="button"
                variant="outline"
                size="sm"
                onClick={() =>
                  set({
                    name: preset.name,
                    kind: preset.kind,
                    unit: preset.unit,
                    target: preset.target === null ? '' : String(preset.target),
                  })
                }
              >
                {preset.name}
              </Button>
            ))}
          </div>
        )}
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={habitsText.name} error={errors.name ?? serverField('name')}>
            {(control) => (
              <Input
                {...control}
                value={draft.name}
                maxLength={HABIT_NAME_MAX}
                autoComplete="off"
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          {!habit && (
            <Field label={habitsText.kind}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.kind}
                  onChange={(e) => set({ kind: e.target.value as HabitKind })}
                >
                  <option value="check">{habitsText.kinds.check}</option>
                  <option value="amount">{habitsText.kinds.amount}</option>
                </NativeSelect>
              )}
            </Field>
          )}
          {draft.kind === 'amount' && (
            <div className="grid grid-cols-2 gap-3">
              <Field label={habitsText.target} error={errors.target ?? serverField('target')}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.target}
                    onChange={(e) => set({ target: e.target.value })}
                  />
                )}
              </Field>
              <Field label={habitsText.unit} error={serverField('unit')}>
                {(control) => (
                  <Input
                    {...control}
                    value={draft.unit}
                    maxLength={HABIT_UNIT_MAX}
                    autoComplete="off"
                    placeholder="steps, g, h, L"
                    onChange={(e) => set({ unit: e.target.value })}
                  />
                )}
              </Field>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {habitsText.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? habitsText.saving : habitsText.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
