/** The 'How to' dialog's words, in one place (docs/product.md#user-facing-strings). */
export const guideText = {
  button: 'How to',
  buttonName: (exercise: string) => `How to do ${exercise}`,
  title: (movement: string) => `How to: ${movement}`,
  withDemo: 'Your coach’s demo and the coaching cues.',
  cuesOnly: 'The coaching cues for this movement.',
  loading: 'Loading…',
  loadFailed: 'The guide could not be loaded. Check your connection and try again.',
  frame: (movement: string) => `Demo of ${movement}`,
  openOn: (host: string) => `Open the demo on ${host}`,
  watch: 'Watch the demo',
  cues: 'Coaching cues',
  noCues: 'No cues written for this movement yet.',
} as const
