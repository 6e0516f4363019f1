import type { Progression } from '#shared/schemas/plan-grid.ts'
import type { Unit } from '#shared/units.ts'

/** The builder's words, in one place (docs/product.md#user-facing-strings). */
export const builderText = {
  /** A set with nothing prescribed yet, on a phone's one-line set. */
  setEmpty: 'Nothing set: tap to fill in',
  /** A plan's size: '1 week × 3 days', '8 weeks × 4 days'. */
  shape: (weeks: number, days: number) =>
    `${weeks} week${weeks === 1 ? '' : 's'} × ${days} day${days === 1 ? '' : 's'}`,
  notesPlaceholder: 'Warm-up, cues, what to focus on…',
  saveState: {
    saved: 'All changes saved',
    saving: 'Saving…',
    pending: 'Unsaved changes',
    invalid: 'Not saved: fix the marked fields',
    failed: 'Not saved yet: the server could not be reached. Retrying…',
    conflict: 'This plan was changed in another tab or by someone else.',
  },
  reload: 'Reload the latest version',
  saveFirst: 'Some changes are not saved yet: fix them or reload the latest version first.',
  emptyCell: 'Rest day',
  cellExercises: (title: string, week: number, day: number) => `Exercises of ${title}, week ${week} day ${day}`,
  moreExercises: (count: number) => `+${count} more`,
  applyToAll: 'Apply to all sets',
  /** Starts with the button's visible text, then says which set and exercise. */
  applyToAllName: (set: number, exercise: string) => `Apply to all sets: set ${set} of ${exercise}`,
  timer: 'Timer',
  timerKinds: { none: 'None: straight sets', emom: 'EMOM', intervals: 'Intervals', circuit: 'Circuit' },
  every: 'Every',
  work: 'Work',
  rest: 'Rest',
  goal: 'Goal',
  goals: { time: 'For time', rounds: 'As many rounds as possible' },
  cap: 'Time cap',
  capHint: 'Optional for time; 12:00 or seconds',
  rounds: (n: number) => `Rounds: ${n}, one for each set. Add or remove sets to change them.`,
  timedWithLead: (lead: string) => `Done with ${lead}: its timer runs the whole superset.`,
  cues: {
    list: 'Cues',
    warmUp: (ramp: string) => `Warm-up: ${ramp} of the working load`,
    tempo: (tempo: string) => `Tempo ${[...tempo.toUpperCase()].join('-')}`,
    rest: (time: string, afterRound: boolean) => `Rest ${time} after each ${afterRound ? 'round' : 'set'}`,
  },
  ramp: 'Warm-up ramp',
  rampHint: 'Steps of the day’s working load, rounded to the lifter’s plates; warm-ups never count as work.',
  standardRamp: 'Standard ramp',
  standardRampName: (exercise: string) => `Standard ramp for ${exercise}`,
  setsToAdd: 'Sets to add',
  setsToAddName: (exercise: string) => `Sets to add to ${exercise}`,
  addSets: 'Add sets',
  addSetsName: (exercise: string) => `Add sets to ${exercise}`,
  setKeys:
    'Keys: Enter or ↓ goes to the same field of the next set, Shift+Enter or ↑ to the one above; Tab moves along a set.',
  templateSaved: 'Template saved',
  templateOnBoard: (name: string) => `“${name}” is on your template board.`,
  saveAsTemplate: 'Save as template',
  saveAsTemplateText: 'A copy of this plan goes on your template board; later changes to the plan do not change it.',
  templateName: 'Template name',
  saveTemplate: 'Save template',
  archived: 'Archived',
  restored: 'Restored',
  duplicated: 'Duplicated',
  /** A duplicate's name no current template has (template names are unique per coach): 'Block (copy)', then 'Block (copy 2)'. */
  copyName: (name: string, templates: readonly { name: string }[]) => {
    const taken = new Set(templates.map((t) => t.name.toLowerCase()))
    const candidate = (n: number) => `${name} (copy${n === 1 ? '' : ` ${n}`})`
    let n = 1
    while (taken.has(candidate(n).toLowerCase())) n += 1
    return candidate(n)
  },
  copiedWeek: 'Week copied',
  copyWeek: {
    progressions: 'Progressions (none: the same sets)',
    progression: (kind: Progression['kind'], unit: Unit) =>
      ({
        add_kg: `Add load (${unit}) each week`,
        add_percent: 'Add % of 1RM each week',
        add_reps: 'Add reps each week',
        add_rpe: 'Add RPE each week',
      })[kind],
    amount: (kind: Progression['kind'], unit: Unit) =>
      ({ add_kg: `${unit} per week`, add_percent: '% per week', add_reps: 'Reps per week', add_rpe: 'RPE per week' })[
        kind
      ],
    needsAmount: (progression: string) => `${progression}: enter an amount`,
    hint: (week: number) => `Week ${week + 1} gets each once, week ${week + 2} twice, and so on.`,
  },
  copiedDay: 'Day copied',
  movedDay: 'Workout moved',
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  trainingDays: 'Training days',
  /** What a plan's training days are for, beside the weekdays to pick. */
  trainingDaysHint: (days: number) =>
    `Pick ${days} weekday${days === 1 ? '' : 's'}: clients get this plan’s workouts on them. None: the days follow one another from the start date.`,
  /** A plan's training days as people read them: 'Trains Mon, Wed, Fri'. */
  trains: (weekdays: string) => `Trains ${weekdays}`,
  startPlan: 'Start plan',
  reschedulePlan: 'Change schedule',
  started: 'Plan started',
  startedOn: (date: string) => `Your first workout is on ${date}. It is on Home and in your calendar.`,
} as const
