import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { PLATE_CHOICES, PLATE_STEPS, PlateSetupsPatch, type PlateSetup } from '#shared/schemas/plate-setups.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { profileText } from './profile-text.ts'

type Props = {
  unit: Unit
  initial: PlateSetup
  busy: boolean
  onSubmit: (setup: PlateSetup) => void
}

/** The account page's plate step, bar and plates, for the unit the lifter trains in. */
export function PlateSetupForm({ unit, initial, busy, onSubmit }: Props) {
  const [plateStep, setPlateStep] = useState(String(initial.plateStep))
  const [bar, setBar] = useState(String(initial.bar))
  const [plates, setPlates] = useState(initial.plates.map(String))
  const [errors, setErrors] = useState<FieldErrors>({})
  // The usual sizes, and any other the lifter saved before.
  const choices = [...new Set([...PLATE_CHOICES[unit], ...initial.plates])].sort((a, b) => b - a).map(String)

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const setup = {
      plateStep: Number(plateStep),
      bar: Number(bar.trim().replace(',', '.') || NaN),
      plates: plates.map(Number).sort((a, b) => b - a),
    }
    const checked = PlateSetupsPatch.safeParse({ [unit]: setup })
    if (!checked.success)
      return setErrors(fieldErrorsOf(checked.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(1, 2) }))))
    setErrors({})
    onSubmit(setup)
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <Field label={profileText.plateStep} hint={profileText.plateStepHint} error={errors.plateStep?.[0]}>
        {(control) => (
          <NativeSelect {...control} value={plateStep} onChange={(e) => setPlateStep(e.target.value)}>
            {PLATE_STEPS[unit].map((step) => (
              <option key={step} value={step}>
                {profileText.plateStepOption(step, unit)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={profileText.bar(unit)} error={errors.bar?.[0]}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            className="max-w-32"
            value={bar}
            onChange={(e) => setBar(e.target.value)}
          />
        )}
      </Field>
      <CheckboxGroup
        legend={profileText.plates(unit)}
        options={choices}
        value={plates}
        onChange={setPlates}
        error={errors.plates?.[0]}
      />
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? 'Saving…' : profileText.save}
      </Button>
    </form>
  )
}
