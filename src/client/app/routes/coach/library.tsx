import { Plus } from 'lucide-react'
import { useState } from 'react'
import type { Movement } from '#shared/schemas/movements.ts'
import { Button } from '#client/components/ui/button.tsx'
import type { MovementFilters as Filters } from '#client/features/movements/api/movement-queries.ts'
import { MovementDetail } from '#client/features/movements/components/movement-detail.tsx'
import { MovementFilters } from '#client/features/movements/components/movement-filters.tsx'
import { MovementFormDialog } from '#client/features/movements/components/movement-form-dialog.tsx'
import { MovementResults } from '#client/features/movements/components/movement-results.tsx'
import { cn } from '#client/lib/cn.ts'

const SCOPES = [
  { value: 'all', label: 'All' },
  { value: 'builtin', label: 'Built-in' },
  { value: 'own', label: 'My movements' },
] as const

/** /coach/library: the built-in library and the coach's own movements. */
export function LibraryPage() {
  const [filters, setFilters] = useState<Filters>({ scope: 'all' })
  const [selected, setSelected] = useState<Movement | null>(null)
  const [editing, setEditing] = useState<{ movement?: Movement } | null>(null)

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Movement library</h1>
          <p className="text-sm text-muted-foreground">Built-in movements and your own, for every plan you build.</p>
        </div>
        <Button onClick={() => setEditing({})}>
          <Plus aria-hidden /> New movement
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-muted p-1">
          {SCOPES.map((scope) => (
            <button
              key={scope.value}
              type="button"
              aria-pressed={filters.scope === scope.value}
              onClick={() => setFilters((f) => ({ ...f, scope: scope.value }))}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm',
                filters.scope === scope.value ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground',
              )}
            >
              {scope.label}
            </button>
          ))}
        </div>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={filters.archived === 'only'}
            onChange={(e) => setFilters((f) => ({ ...f, archived: e.target.checked ? 'only' : undefined }))}
          />
          Archived only
        </label>
      </div>
      <MovementFilters value={filters} onChange={setFilters} />
      <MovementResults filters={filters} onSelect={setSelected} label="Movements" />
      <MovementDetail
        movement={selected}
        onClose={() => setSelected(null)}
        onShow={setSelected}
        onEdit={(movement) => {
          setSelected(null)
          setEditing({ movement })
        }}
      />
      {editing && (
        <MovementFormDialog
          open
          movement={editing.movement}
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(movement) => setSelected(movement)}
        />
      )}
    </section>
  )
}
