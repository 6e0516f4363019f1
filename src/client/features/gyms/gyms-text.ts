import { gymApiText } from '#shared/schemas/gyms.ts'

/** The gym profiles' words, in one place (docs/product.md#user-facing-strings). */
export const gymsText = {
  ...gymApiText,
  title: 'Gyms',
  description:
    'Where you train. Swaps suggest movements the gym has the equipment for, and each gym keeps its own bar and plates.',
  loadFailed: 'Your gyms could not be loaded.',
  trainingAt: 'Training at',
  noGymChosen: 'No gym in particular',
  list: 'Your gyms',
  bodyweightOnly: 'Bodyweight only',
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Remove ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeCurrent: 'You train here now: its bar and plates become yours, and no gym is chosen.',
  removeOther: 'Its equipment and plates go with it.',
  removeConfirm: 'Remove gym',
  cancel: 'Cancel',
  add: 'Add a gym',
  formDescription: 'Tick what this gym has. Bodyweight movements are possible everywhere.',
  name: 'Gym name',
  equipment: 'Equipment',
  save: 'Save gym',
  saving: 'Saving…',
} as const
