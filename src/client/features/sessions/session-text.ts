import { sessionApiText } from '#shared/schemas/sessions.ts'
import type { Deviation } from '#shared/schemas/session-reports.ts'
import { withoutTrailing } from '#shared/text.ts'

/** The training screens' words, in one place (docs/product.md#user-facing-strings). */
export const sessionText = {
  offlineWaiting: (n: number) => `Offline: ${n} set${n === 1 ? '' : 's'} waiting`,
  /** The gym's screens with no signal. */
  offlineCopy:
    'Offline: showing your plan as this device last saw it. Workouts you start and sets you log are saved here and sent when the signal returns.',
  offlineNoCopy:
    'Offline: this device has no copy of your plan yet. Open Home once with a signal and it will be here next time.',
  planUnreachable: 'Your plan could not be loaded: the server is out of reach. It will show as soon as it answers.',
  offlineNoWorkout:
    'Offline: this workout is not on this device. Open it once with a signal and it will be here next time.',
  syncing: (n: number) => `Saving ${n} set${n === 1 ? '' : 's'}…`,
  notSaved: 'A change could not be saved',
  setRefused: (reason: string) =>
    `Not saved: ${withoutTrailing(reason.trim(), '.')}. Fix it and log it again, or remove it.`,
  finishOffline: {
    title: 'You are offline',
    description: 'Your sets are safe on this device. Finish when you are back online.',
  },
  finishRefused: {
    title: 'Some sets were not saved',
    description: 'Fix or remove the sets marked ‘Not saved’, then finish.',
  },
  finished: { title: 'Workout finished' },
  discarded: { title: 'Session discarded' },
  restDone: 'Rest is over',
  restNext: (movement: string, setNumber: number) => `${movement}, set ${setNumber}`,
  /** A tick on a row without the number it logs: what to type first. */
  typeFirst: {
    reps: 'Type the reps you did first.',
    seconds: 'Type the time first.',
    meters: 'Type the distance or the time first.',
  },
  /** /home's card of a workout started and not finished. */
  inProgress: {
    label: 'Workout in progress',
    started: (startedAt: string) => {
      const at = new Date(startedAt)
      const sameDay = at.toDateString() === new Date().toDateString()
      return `In progress · started ${sameDay ? at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}`
    },
    resume: 'Resume',
  },
  /** A planned workout given another date than its plan's. */
  moved: 'Moved',
  movedFrom: (date: string) => `moved from ${date}`,
  /** /home's list of the last week's missed workouts, and moving one. */
  missed: {
    heading: 'Missed',
    label: 'Missed workouts',
    text: 'Train it on another day: it moves there, and your coach sees it moved.',
    move: (title: string) => `Move ${title}`,
    moveShort: 'Move',
    dialogTitle: (title: string) => `Move ${title}`,
    dialogText: (date: string) =>
      `Planned for ${date}. Pick the day you will train it: today, or up to four weeks ahead.`,
    date: 'New date',
    submit: 'Move workout',
    moving: 'Moving…',
    done: (title: string, date: string) => `${title} moved to ${date}`,
  },
  alsoToday: 'Also today',
  /** The names of the set rows' columns. */
  columns: { set: 'Set', target: 'Target', reps: 'Reps', meters: 'm', seconds: 'Secs', rpe: 'RPE' },
  removeSet: 'Remove',
  /** The finish dialog's list of the sets left without a log. */
  notLogged: {
    heading: 'Not logged yet',
    item: (movement: string, sets: number[]) =>
      `${movement}: ${sets.length === 1 ? 'set' : 'sets'} ${sets.length === 1 ? sets[0] : `${sets.slice(0, -1).join(', ')} and ${sets.at(-1)}`}`,
  },
  /** The plate calculator of a barbell set: what goes on each side of the bar. */
  plates: {
    open: (set: string) => `Plates for ${set}`,
    title: (load: string) => `Plates for ${load}`,
    onBar: (set: string, bar: string) => `${set.charAt(0).toUpperCase()}${set.slice(1)}, on a ${bar} bar`,
    eachSide: 'Each side',
    justBar: 'Just the bar: no plates.',
    closest: (loaded: string, short: string) => `Closest: ${loaded}; ${short} short`,
    belowBar: 'Below the bar',
    belowBarDetail: (bar: string) => `The bar alone is ${bar}.`,
    noLoad: 'Type a load for this set first.',
    setup: 'Change your bar and plates',
  },
  noSession: 'This session does not exist or is not yours.',
  loadFailed: 'The session could not be loaded. Check your connection and try again.',
  commentAdded: { title: 'Comment added' },
  newComment: (author: string) => `${author} commented on your workout`,
  newReply: (author: string) => `${author} replied on a workout`,
  openComment: 'Open',
  unreadFromCoach: 'New comments from your coach',
  unreadFromClients: 'Replies from your clients',
  /** Corrections of a finished session (docs/product.md#corrections). */
  correction: {
    heading: 'Correct this session',
    until: (when: string) => `You can correct this session until ${when}.`,
    open: 'Correct sets',
    done: 'Done correcting',
    closed: `This session can no longer be corrected. ${sessionApiText.correctionClosed}.`,
    sessionCorrected: (when: string) => `Corrected after finishing, ${when}`,
    corrected: (was: string) => `Corrected after finishing: was ${was}`,
    added: 'Added after finishing',
    removed: (was: string) => `Removed after finishing: was ${was}`,
    listMark: 'Corrected',
  },
  swappedFrom: (name: string, reason: string | null | undefined) => `Instead of ${name}${reason ? `: ${reason}` : ''}`,
  atGym: (gym: string) => `At ${gym}: plates and swaps fit it.`,
  changeGym: 'Change gym',
  swap: {
    gymFirst: (gym: string) => `Movements ${gym} has come first.`,
    suggested: (gym: string | null) => (gym ? `Suggested for ${gym}` : 'Suggested'),
    none: 'No close match here: search the library below.',
    offline: 'Suggestions need a connection: search the library below.',
    missing: (gym: string, equipment: readonly string[]) => `Not at ${gym}: needs ${equipment.join(', ')}`,
    reason: 'Why swap?',
    reasons: ['The equipment is taken', 'My gym does not have it', 'It hurts today', 'I prefer another'],
    noReason: 'No reason given',
  },
  timer: {
    start: (what: string) => `Start ${what}`,
    resume: 'Back to the timer',
    ready: 'Get ready',
    work: 'Work',
    rest: 'Rest',
    round: (n: number, of: number | null) => (of ? `Round ${n} of ${of}` : `Round ${n}`),
    roundDone: 'Round done',
    pause: 'Pause',
    resume2: 'Resume',
    stop: 'Stop',
    done: 'Done',
    save: 'Log the rounds',
    roundsDone: 'Rounds done',
    discard: 'Discard the timer',
    saved: (result: string) => `Logged: ${result}`,
    timeLeft: 'Time left',
    timeSoFar: 'Time so far',
    thisRound: 'This round',
  },
  /** How the set-by-set review marks what differed from the prescription. */
  deviations: {
    skipped: 'Skipped',
    warmup: 'Warm-up',
    reps_short: 'Reps short',
    load_off: 'Load off',
    rpe_high: 'RPE high',
    time_short: 'Time short',
    distance_short: 'Distance short',
    swapped: 'Swapped',
    added: 'Added',
    late: 'Logged late',
  } satisfies Record<Deviation, string>,
} as const
