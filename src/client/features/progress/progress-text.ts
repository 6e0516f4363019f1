/** The progress screens' sentences, in one place: empty states, summaries read by screen readers, toasts. */
export const progressText = {
  loadFailed: 'Progress could not be loaded. Try again.',
  e1rmTitle: (name: string | null) => (name ? `Estimated 1RM: ${name}` : 'Estimated 1RM'),
  e1rmNothing:
    'No completed sets yet. After the first finished workout with a load, the estimated 1RM of each movement shows here.',
  e1rmNoSets: (name: string) => `No set of ${name} with a load and 1 to 12 reps yet.`,
  e1rmNoSetsIn: (name: string, range: string) =>
    `No set of ${name} with a load and 1 to 12 reps in ${range}. Choose All time for older sessions.`,
  e1rmSummary: (name: string, sessions: number, first: string, last: string, best: string) =>
    `Estimated 1RM of ${name}: ${sessions} session${sessions === 1 ? '' : 's'}, from ${first} to ${last}; best ${best}.`,
  volumeNothing:
    'No training in the last 12 weeks. Weekly hard sets and tonnage by muscle group and movement pattern show here once workouts are finished.',
  volumeNote:
    'A hard set is a completed set at RPE 6 or more (or with no RPE written); a secondary muscle counts half.',
  recordsNothing: 'Records appear after the first completed sets with a load.',
  conditioning: 'Conditioning',
  conditioningCaption: 'Timed blocks, newest first',
  conditioningColumns: ['Date', 'Block', 'Movements', 'Result'],
  rpeNothing:
    'No session RPE in the last 12 weeks. Rate the effort of a workout when finishing it, and the trend shows here.',
  rpeSummary: (sessions: number, average: number, latest: number | string) =>
    `Session RPE over the last 12 weeks: ${sessions} rated sessions, average ${average}, latest ${latest}.`,
  bodyWeightNothing: (canLog: boolean) =>
    canLog ? 'Log your body weight below to see its trend.' : 'No body weight logged in the last year.',
  bodyWeightSummary: (readings: number, first: string, last: string) =>
    `Body weight over the last year: ${readings} readings, from ${first} to ${last}.`,
  bodyWeightRange: (min: number, max: number, unit: string) => `Enter your weight from ${min} to ${max} ${unit}`,
  bodyWeightSaved: { title: 'Body weight saved' },
  readingDeleted: { title: 'Reading deleted' },
} as const
