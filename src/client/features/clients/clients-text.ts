import type { AttentionReason } from '#shared/schemas/clients.ts'

/** A ratio as a whole percentage; a dash when there is nothing to measure yet. */
export const percent = (ratio: number | null) => (ratio === null ? '–' : `${Math.round(ratio * 100)}%`)

/** The coach's words for their clients: why one needs them today (docs/needs-you.md). */
export const clientsText = {
  needsYouTitle: 'Needs you today',
  nobodyNeedsYou: 'Nobody stands out today: adherence held, no misses, efforts on target.',
  openClient: (name: string) => `Open ${name}`,
  planAssigned: 'Plan assigned',
  reason: (reason: AttentionReason): string => {
    switch (reason.kind) {
      case 'set_adherence_dropped':
        return `Sets as prescribed fell from ${percent(reason.from)} to ${percent(reason.to)} this week`
      case 'missed_workouts':
        return reason.count >= 2 ? `Missed ${reason.count} planned workouts this week` : 'Missed the last two planned workouts'
      case 'rpe_above_target':
        return `RPE ${reason.by} above target on average this week (${reason.sets} sets)`
      case 'new_records':
        return `New record${reason.movements.length > 1 ? 's' : ''}: ${reason.movements.join(', ')}. Congratulate them!`
    }
  },
} as const
