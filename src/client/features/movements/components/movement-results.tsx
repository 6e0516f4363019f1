import { useInfiniteQuery } from '@tanstack/react-query'
import type { Movement } from '#shared/schemas/movements.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useDebounced } from '#client/lib/use-debounced.ts'
import { movementQueries, type MovementFilters } from '../api/movement-queries.ts'

type Props = {
  filters: MovementFilters
  onSelect: (movement: Movement) => void
  /** The accessible name of the list. */
  label: string
}

/** Search results, page by page, each a button that selects the movement. */
export function MovementResults({ filters, onSelect, label }: Props) {
  const settled = useDebounced(filters)
  const query = useInfiniteQuery(movementQueries.list(settled))
  const items = query.data?.pages.flatMap((page) => page.items) ?? []

  if (query.isPending) return <p className="py-6 text-center text-sm text-muted-foreground">Loading…</p>
  if (query.isError) return <p role="alert">The movements could not be loaded. Try again.</p>
  if (!items.length) return <p className="py-6 text-center text-sm text-muted-foreground">No movements match.</p>

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="divide-y rounded-lg border">
        {items.map((movement) => (
          <li key={movement.id}>
            <button
              type="button"
              onClick={() => onSelect(movement)}
              className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
            >
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{movement.name}</span>
                <span className="truncate text-xs text-muted-foreground">
                  <span className="capitalize">{movement.pattern}</span> · {movement.equipment.join(', ')}
                  {movement.aliases.length ? ` · ${movement.aliases.join(', ')}` : ''}
                </span>
              </span>
              {movement.ownerId && (
                <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                  Mine
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  )
}
