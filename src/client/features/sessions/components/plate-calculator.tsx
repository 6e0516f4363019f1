import { Disc3 } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { loadBar } from '#shared/plates.ts'
import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { sessionText } from '../session-text.ts'

type Props = {
  /** 'set 2 of Back squat' */
  setLabel: string
  /** The set's load in the lifter's unit (typed, else its target), or null when it has none. */
  load: number | null
  unit: Unit
  plates: PlateSetup
}

const text = sessionText.plates

/** The plate calculator: one tap from a barbell set, the plates each side of the bar takes. */
export function PlateCalculator({ setLabel, load, unit, plates }: Props) {
  const weight = (value: number) => `${value} ${unit}`
  const loading = load === null ? null : loadBar(load, plates)
  const heaviest = Math.max(...plates.plates)
  const eachSideId = useId()
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size={null} className="size-7 text-muted-foreground" aria-label={text.open(setLabel)}>
          <Disc3 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{loading ? text.title(weight(loading.load)) : text.open(setLabel)}</DialogTitle>
        <DialogDescription>{text.onBar(setLabel, weight(plates.bar))}</DialogDescription>
        {!loading ? (
          <p>{text.noLoad}</p>
        ) : loading.belowBar ? (
          <p role="status">
            <strong>{text.belowBar}</strong>. {text.belowBarDetail(weight(plates.bar))}
          </p>
        ) : loading.perSide.length === 0 ? (
          <p>{text.justBar}</p>
        ) : (
          <section aria-labelledby={eachSideId} className="flex flex-col gap-2">
            <h3 id={eachSideId} className="text-sm font-medium">
              {text.eachSide}
            </h3>
            <ol aria-labelledby={eachSideId} className="flex flex-wrap items-center gap-1.5">
              {loading.perSide.map((plate, index) => (
                <li
                  key={index}
                  className="flex min-w-12 items-center justify-center rounded-md bg-primary px-2 text-sm font-semibold text-primary-foreground tabular-nums"
                  // Bigger plates stand taller, as they do on the bar.
                  style={{ height: `${1.75 + (2.25 * plate) / heaviest}rem` }}
                >
                  {weight(plate)}
                </li>
              ))}
            </ol>
          </section>
        )}
        {loading && loading.short > 0 && !loading.belowBar && (
          <p role="status" className="font-medium">
            {text.closest(weight(loading.loaded), weight(loading.short))}
          </p>
        )}
        <Link
          to={paths.account.getHref()}
          className="text-sm text-muted-foreground underline underline-offset-2 hover:text-foreground"
        >
          {text.setup}
        </Link>
      </DialogContent>
    </Dialog>
  )
}
