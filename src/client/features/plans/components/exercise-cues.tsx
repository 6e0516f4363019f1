import { Timer } from 'lucide-react'
import type { BlockTimer, WarmUpRamp } from '#shared/schemas/timed-work.ts'
import { clockText, rampText, tempoSteps, timerText } from '#shared/timed-work.ts'
import { builderText } from '../builder-text.ts'

type Props = {
  tempo: string | null | undefined
  restSeconds: number | null | undefined
  /** Rest comes after each round (the last exercise of a superset), not after each set. */
  afterRound?: boolean
  /** The timed block this exercise starts, with its rounds. */
  block?: { timer: BlockTimer; rounds: number } | null
  warmUp?: WarmUpRamp | null | undefined
}

/**
 * What an exercise asks besides its sets, as cues to read between sets: the timed block it
 * starts, its warm-up ramp, its tempo spelled out, and its rest.
 */
export function ExerciseCues({ tempo, restSeconds, afterRound = false, block, warmUp }: Props) {
  if (!tempo && restSeconds == null && !block && !warmUp) return null
  return (
    <ul aria-label={builderText.cues.list} className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      {block && (
        <li className="flex items-center gap-1 font-medium text-foreground">
          <Timer className="size-3.5" aria-hidden /> {timerText(block.timer, block.rounds)}
        </li>
      )}
      {warmUp && <li>{builderText.cues.warmUp(rampText(warmUp))}</li>}
      {tempo && (
        <li>
          <span className="font-medium text-foreground">{builderText.cues.tempo(tempo)}</span>:{' '}
          {tempoSteps(tempo).join(', ')}
        </li>
      )}
      {restSeconds != null && restSeconds > 0 && <li>{builderText.cues.rest(clockText(restSeconds), afterRound)}</li>}
    </ul>
  )
}
