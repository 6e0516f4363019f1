import type { Muscle } from './schemas/movements.ts'

/**
 * The groups a coach reads weekly volume by: few enough to tell apart in one chart, each a set of
 * the library's muscles. What no group claims (calves, neck, conditioning) is 'other'.
 */
export const MUSCLE_GROUPS = [
  'quads',
  'glutes and hamstrings',
  'back',
  'chest',
  'shoulders',
  'arms',
  'core',
  'other',
] as const
export type MuscleGroup = (typeof MUSCLE_GROUPS)[number]

export const MUSCLE_GROUP_OF: Record<Muscle, MuscleGroup> = {
  quads: 'quads',
  adductors: 'quads',
  glutes: 'glutes and hamstrings',
  hamstrings: 'glutes and hamstrings',
  abductors: 'glutes and hamstrings',
  lats: 'back',
  'upper back': 'back',
  traps: 'back',
  'lower back': 'back',
  chest: 'chest',
  'front delts': 'shoulders',
  'side delts': 'shoulders',
  'rear delts': 'shoulders',
  biceps: 'arms',
  triceps: 'arms',
  forearms: 'arms',
  abs: 'core',
  obliques: 'core',
  'hip flexors': 'core',
  calves: 'other',
  neck: 'other',
  'heart and lungs': 'other',
}
