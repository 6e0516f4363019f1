/**
 * What kind of set a logged set is. A working set, a drop set and a set to failure (AMRAP) are
 * work: they count in records, volume, adherence and progression. A warm-up never does. This is
 * the one definition; the server's SQL twin is `countingSet` (docs/set-types.md).
 */
export const SET_TYPES = ['working', 'warmup', 'drop', 'failure'] as const
export type SetType = (typeof SET_TYPES)[number]

/** A done set that counts as work: ticked, and not a warm-up. */
export function countsAsWork(set: { completed: boolean; setType?: SetType | undefined }): boolean {
  return set.completed && set.setType !== 'warmup'
}

/** The letter a set row shows in place of its number, as Strong and Hevy mark them. */
export const SET_TYPE_MARK: Record<SetType, string | null> = { working: null, warmup: 'W', drop: 'D', failure: 'F' }
export const SET_TYPE_NAME: Record<SetType, string> = { working: 'Working set', warmup: 'Warm-up', drop: 'Drop set', failure: 'To failure' }
