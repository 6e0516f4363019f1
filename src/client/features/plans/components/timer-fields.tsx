import type { ReactElement } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { builderText } from '../builder-text.ts'
import type { TimerDraft } from '../workout-draft.ts'

type Props = {
  /** The exercise as the editor names it ('B1 Push-up'), for the fields' names. */
  name: string
  timer: TimerDraft
  rounds: number
  errorsOf: (path: string) => string | undefined
  onChange: (change: Partial<TimerDraft>) => void
}

/** Whether an exercise (with the rest of its superset) is a timed block, and the block's times. */
export function TimerFields({ name, timer, rounds, errorsOf, onChange }: Props) {
  const time = (field: 'every' | 'work' | 'rest' | 'cap', label: string, path: string, hint?: string): ReactElement => (
    <Field label={label} error={errorsOf(path)} hint={hint}>
      {(control) => (
        <Input
          {...control}
          aria-label={`${label} (${name})`}
          inputMode="numeric"
          placeholder={field === 'cap' ? '12:00' : field === 'every' ? '1:00' : '0:30'}
          value={timer[field]}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      )}
    </Field>
  )
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Field label={builderText.timer} error={errorsOf('timer')}>
          {(control) => (
            <NativeSelect
              {...control}
              aria-label={`${builderText.timer} (${name})`}
              value={timer.kind}
              onChange={(e) => onChange({ kind: e.target.value as TimerDraft['kind'] })}
            >
              {Object.entries(builderText.timerKinds).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {timer.kind === 'emom' && time('every', builderText.every, 'timer.everySeconds')}
        {timer.kind === 'intervals' && (
          <>
            {time('work', builderText.work, 'timer.workSeconds')}
            {time('rest', builderText.rest, 'timer.restSeconds')}
          </>
        )}
        {timer.kind === 'circuit' && (
          <>
            <Field label={builderText.goal}>
              {(control) => (
                <NativeSelect
                  {...control}
                  aria-label={`${builderText.goal} (${name})`}
                  value={timer.goal}
                  onChange={(e) => onChange({ goal: e.target.value as TimerDraft['goal'] })}
                >
                  <option value="time">{builderText.goals.time}</option>
                  <option value="rounds">{builderText.goals.rounds}</option>
                </NativeSelect>
              )}
            </Field>
            {time('cap', builderText.cap, 'timer.capSeconds', timer.goal === 'time' ? builderText.capHint : undefined)}
          </>
        )}
      </div>
      {timer.kind !== 'none' && <p className="text-xs text-muted-foreground">{builderText.rounds(rounds)}</p>}
    </div>
  )
}
