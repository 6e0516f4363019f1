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
export const SET_TYPE_NAME: Record<SetType, string> = {
  working: 'Working set',
  warmup: 'Warm-up',
  drop: 'Drop set',
  failure: 'To failure',
}

/**
 * Which logged set answers each prescribed set (docs/set-types.md#warm-ups-and-the-prescription):
 * the rows in set-number order with the warm-ups taken out, the k-th row left answering the k-th
 * prescribed set. A row never logged (a gap in the numbers) keeps its place, so that set was
 * skipped; a warm-up row moves the prescription down one row, so warm-ups done first never cost a
 * prescribed set. Gives each prescribed set its row's number and the set logged there, if any.
 */
export function pairWithTargets<S extends { setNumber: number; setType?: SetType | undefined }>(
  targets: number,
  sets: readonly S[],
): { setNumber: number; set: S | null }[] {
  const byNumber = new Map<number, S>()
  for (const set of sets) if (!byNumber.has(set.setNumber)) byNumber.set(set.setNumber, set)
  const pairs: { setNumber: number; set: S | null }[] = []
  for (let row = 1; pairs.length < targets; row++) {
    const set = byNumber.get(row) ?? null
    if (set?.setType !== 'warmup') pairs.push({ setNumber: row, set })
  }
  return pairs
}
