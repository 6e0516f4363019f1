import { useState } from 'react'
import { PLAN_NAME_MAX } from '#shared/schemas/plans.ts'
import { Input } from '#client/components/ui/input.tsx'

/** The plan's name as the builder's heading: saved when it loses focus (or on Enter), put back when left empty or unchanged. */
export function PlanNameInput({ name, onSave }: { name: string; onSave: (name: string) => void }) {
  const [value, setValue] = useState(name)
  const commit = () => {
    const next = value.trim()
    if (next && next !== name) onSave(next)
    else setValue(name)
  }
  return (
    <Input
      aria-label="Plan name"
      maxLength={PLAN_NAME_MAX}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
      size="heading"
    />
  )
}
