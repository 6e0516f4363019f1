import { Search } from 'lucide-react'
import { EQUIPMENT, MUSCLES, PATTERNS } from '#shared/schemas/movements.ts'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { cn } from '#client/lib/cn.ts'
import type { MovementFilters as Filters } from '../api/movement-queries.ts'

type Props = { value: Filters; onChange: (next: Filters) => void }

/** Search box, pattern chips and muscle and equipment filters: the library's and the picker's. */
export function MovementFilters({ value, onChange }: Props) {
  const set = (patch: Filters) => onChange({ ...value, ...patch })
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search movements"
          placeholder="Search by name or alias, e.g. RDL"
          className="pl-9"
          maxLength={100}
          value={value.q ?? ''}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <div role="group" aria-label="Pattern" className="flex flex-wrap gap-2">
        {PATTERNS.map((pattern) => {
          const active = value.pattern === pattern
          return (
            <button
              key={pattern}
              type="button"
              aria-pressed={active}
              onClick={() => set({ pattern: active ? undefined : pattern })}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm capitalize transition-colors',
                active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
              )}
            >
              {pattern}
            </button>
          )
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NativeSelect
          aria-label="Muscle"
          value={value.muscle ?? ''}
          onChange={(e) => set({ muscle: (e.target.value || undefined) as Filters['muscle'] })}
        >
          <option value="">Any muscle</option>
          {MUSCLES.map((muscle) => (
            <option key={muscle} value={muscle}>
              {muscle}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Equipment"
          value={value.equipment ?? ''}
          onChange={(e) => set({ equipment: (e.target.value || undefined) as Filters['equipment'] })}
        >
          <option value="">Any equipment</option>
          {EQUIPMENT.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )
}
