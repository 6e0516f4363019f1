import type { Movement } from '#shared/schemas/movements.ts'

const KEY = 'coachline-recent-movements'
const keyFor = (userId: string) => `${KEY}:${userId}`
const MAX = 8

/** A movement picked in a builder or a session; `equipment` is missing from picks remembered before it was kept. */
export type PickedMovement = Pick<Movement, 'id' | 'name' | 'pattern' | 'tracking'> &
  Partial<Pick<Movement, 'equipment'>>
type Recent = PickedMovement

const isRecent = (value: unknown): value is Recent =>
  typeof value === 'object' && value !== null && 'id' in value && 'name' in value && 'tracking' in value

/** The movements this user picked last on this browser, newest first: the picker's 'Recent' row. */
export function readRecentMovements(userId: string): Recent[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]')
    // Entries saved before movements carried their tracking are dropped.
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX) : []
  } catch {
    return []
  }
}

export function rememberMovement(userId: string, { id, name, pattern, tracking, equipment }: Recent): void {
  const next = [
    { id, name, pattern, tracking, equipment },
    ...readRecentMovements(userId).filter((m) => m.id !== id),
  ].slice(0, MAX)
  localStorage.setItem(keyFor(userId), JSON.stringify(next))
}
