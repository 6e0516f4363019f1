import { useState, type FormEvent, type ReactNode } from 'react'
import { authText } from '#shared/app-text.ts'
import { EXPERIENCE_LEVELS, UNITS, type Profile } from '#shared/schemas/profiles.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'

type ProfileFormValues = {
  displayName: string
  primaryGoal: string | null
  experienceLevel: Profile['experienceLevel']
  unit: Profile['unit']
}

type Props = {
  initial?: Partial<Profile>
  submitLabel: string
  busy: boolean
  withUnit?: boolean
  onSubmit: (values: ProfileFormValues) => void
  footer?: ReactNode
}

/** Display name (required), primary goal and experience level; the weight unit where asked (profile creation, the account page). */
export function ProfileForm({ initial, submitLabel, busy, withUnit, onSubmit }: Props) {
  const [displayName, setDisplayName] = useState(initial?.displayName ?? '')
  const [primaryGoal, setPrimaryGoal] = useState(initial?.primaryGoal ?? '')
  const [level, setLevel] = useState<string>(initial?.experienceLevel ?? '')
  const [unit, setUnit] = useState<Profile['unit']>(initial?.unit ?? 'kg')
  const [nameError, setNameError] = useState<string>()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!displayName.trim()) return setNameError(authText.displayNameRequired)
    setNameError(undefined)
    onSubmit({
      displayName: displayName.trim(),
      primaryGoal: primaryGoal.trim() || null,
      experienceLevel: (EXPERIENCE_LEVELS as readonly string[]).includes(level)
        ? (level as Profile['experienceLevel'])
        : null,
      unit,
    })
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Display name" error={nameError}>
        {(control) => (
          <Input
            {...control}
            autoComplete="nickname"
            maxLength={80}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Primary goal (optional)" hint="For example: a 200 kg deadlift, a first pull-up, a stronger back.">
        {(control) => (
          <Input {...control} maxLength={200} value={primaryGoal} onChange={(e) => setPrimaryGoal(e.target.value)} />
        )}
      </Field>
      <Field label="Experience level (optional)">
        {(control) => (
          <NativeSelect {...control} value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">Not set</option>
            {EXPERIENCE_LEVELS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {withUnit && (
        <Field label="Weight unit">
          {(control) => (
            <NativeSelect {...control} value={unit} onChange={(e) => setUnit(e.target.value as Profile['unit'])}>
              {UNITS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  )
}
