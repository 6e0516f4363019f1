import { useState, type FormEvent } from 'react'
import { BODY_WEIGHT_MAX_KG, BODY_WEIGHT_MIN_KG } from '#shared/schemas/progress.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { useSaveBodyWeight } from '../api/progress-queries.ts'
import { bodyWeightKg } from '../format.ts'
import { progressText } from '../progress-text.ts'

/** The lifter logs a day's body weight in their unit (today unless they pick another day); a second reading of a day replaces the first. */
export function BodyWeightForm({ unit, compact = false }: { unit: Unit; compact?: boolean }) {
  const save = useSaveBodyWeight()
  const [weight, setWeight] = useState('')
  const [date, setDate] = useState(localToday)
  const [error, setError] = useState<string | undefined>()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const value = Number(weight.replace(',', '.'))
    const kg = bodyWeightKg(value, unit)
    if (!weight.trim() || !Number.isFinite(value) || kg < BODY_WEIGHT_MIN_KG || kg > BODY_WEIGHT_MAX_KG) {
      setError(
        progressText.bodyWeightRange(
          Math.ceil(fromKg(BODY_WEIGHT_MIN_KG, unit)),
          Math.floor(fromKg(BODY_WEIGHT_MAX_KG, unit)),
          unit,
        ),
      )
      return
    }
    setError(undefined)
    save.mutate(
      { date, weightKg: kg },
      {
        onSuccess: () => {
          notify.success({ ...progressText.bodyWeightSaved, description: `${fromKg(kg, unit)} ${unit}` })
          setWeight('')
        },
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Log body weight" className="flex flex-wrap items-start gap-2">
      <Field label={`Body weight (${unit})`} error={error} className={compact ? 'w-36' : 'w-40'}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
            placeholder={unit === 'kg' ? '80.5' : '177.5'}
          />
        )}
      </Field>
      {!compact && (
        <Field label="Date" className="w-44">
          {(control) => (
            <Input
              {...control}
              type="date"
              max={localToday()}
              value={date}
              onChange={(e) => setDate(e.target.value || localToday())}
            />
          )}
        </Field>
      )}
      <Button type="submit" className="mt-7" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save weight'}
      </Button>
    </form>
  )
}
