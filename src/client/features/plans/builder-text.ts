/** The builder's words, in one place (docs/product.md#user-facing-strings). */
export const builderText = {
  /** A plan's size: '1 week × 3 days', '8 weeks × 4 days'. */
  shape: (weeks: number, days: number) => `${weeks} week${weeks === 1 ? '' : 's'} × ${days} day${days === 1 ? '' : 's'}`,
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
  templateSaved: 'Template saved',
  archived: 'Archived',
  restored: 'Restored',
  duplicated: 'Duplicated',
  copiedWeek: 'Week copied',
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
