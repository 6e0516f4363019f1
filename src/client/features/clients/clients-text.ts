import type { AttentionReason } from '#shared/schemas/clients.ts'

/** A ratio as a whole percentage; a dash when there is nothing to measure yet. */
export const percent = (ratio: number | null) => (ratio === null ? '–' : `${Math.round(ratio * 100)}%`)

/**
 * When a client last trained, in calendar days of the client's time zone ('trained yesterday' is
 * the day before their today, however few hours ago that was); this device's days until their app
 * has reported a zone.
 */
export function lastTrainedText(at: string | null, timeZone: string | null, now = new Date()): string {
  if (!at) return 'no sessions yet'
  const days = Math.round((calendarDay(now, timeZone) - calendarDay(new Date(at), timeZone)) / 86_400_000)
  return days <= 0 ? 'trained today' : days === 1 ? 'trained yesterday' : `last trained ${days} days ago`
}

/** The calendar day of a moment in a time zone (this device's without one, or one it does not know), as UTC midnight ms. */
function calendarDay(moment: Date, timeZone: string | null): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? undefined,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(moment)
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    return Date.UTC(part('year'), part('month') - 1, part('day'))
  } catch {
    return Date.UTC(moment.getFullYear(), moment.getMonth(), moment.getDate())
  }
}

/** The coach's words for their clients: why one needs them today (docs/needs-you.md). */
export const clientsText = {
  /** The figures of a client's page. */
  figures: {
    sessions7: 'Sessions done, 7 days',
    sessions28: 'Sessions done, 28 days',
    sets7: 'Sets as prescribed, 7 days',
    sets28: 'Sets as prescribed, 28 days',
    lastTrained: 'Last session',
    coachedSince: 'Your client since',
  },
  /** Workouts of the client's plan moved to another date, and by whom when known ('you', the client's name). */
  moved: {
    heading: 'Moved workouts',
    line: (from: string, to: string, by: string | null) => `moved from ${from} to ${to}${by ? `, by ${by}` : ''}`,
  },

  missedLastTwo: 'Missed the last two planned workouts.',
  /** The sections of a client's page, in order. */
  tabs: {
    overview: 'Overview',
    progress: 'Progress',
    sessions: 'Sessions',
    plan: 'Plan',
    'check-ins': 'Check-ins',
    habits: 'Habits',
    chat: 'Chat',
  },
  allClients: 'All clients',
  notYours: 'This person is not one of your active clients.',
  needsYouTitle: 'Needs you today',
  recordsTitle: 'Records to congratulate',
  records: (movements: readonly string[]) =>
    `New record${movements.length > 1 ? 's' : ''} this week: ${movements.join(', ')}`,
  nobodyNeedsYou: 'Nobody stands out today: adherence held, no misses, efforts on target.',
  openClient: (name: string) => `Open ${name}`,
  planAssigned: 'Plan assigned',
  reason: (reason: AttentionReason): string => {
    switch (reason.kind) {
      case 'set_adherence_dropped':
        return `Sets as prescribed fell from ${percent(reason.from)} to ${percent(reason.to)} this week`
      case 'missed_workouts':
        return reason.count >= 2
          ? `Missed ${reason.count} planned workouts this week`
          : 'Missed the last two planned workouts'
      case 'rpe_above_target':
        return `RPE ${reason.by} above target on average this week (${reason.sets} sets)`
      case 'missed_check_ins':
        return reason.count === 1 ? 'Missed a check-in' : `Missed ${reason.count} check-ins`
      case 'check_in_changed':
        return `Check-in: ${reason.changes.map((c) => (c.question === 'bodyWeight' ? `${c.label} ${c.from} → ${c.to} kg` : `${c.label} ${c.from} → ${c.to}`)).join('; ')}`
    }
  },
} as const
