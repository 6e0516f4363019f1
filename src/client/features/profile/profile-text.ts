import type { Unit } from '#shared/units.ts'

/** The account page's words beyond the original product's (those are authText), in one place. */
export const profileText = {
  platesTitle: 'Bar and plates',
  platesDescription: (unit: Unit, gym: string | null) =>
    `What you load${gym ? ` at ${gym}` : ''}, in ${unit}: targets in your workouts round to your plate step, and the plate calculator uses your bar and plates. Switch units and you keep a setup for each.`,
  plateStep: 'Smallest plate step',
  plateStepOption: (step: number, unit: Unit) => `${step} ${unit} (a pair of ${step / 2} ${unit} plates)`,
  plateStepHint: 'The smallest jump you can make on the bar. Targets round to it; what you type is kept as typed.',
  bar: (unit: Unit) => `Bar weight (${unit})`,
  plates: (unit: Unit) => `Plates you have (${unit})`,
  save: 'Save bar and plates',
  saved: { title: 'Bar and plates saved' },
  saveFailedTitle: 'Could not save your bar and plates',
} as const
