import type { Movement } from '#shared/schemas/movements.ts'

const KEY = 'coachline-recent-movements'
const keyFor = (userId: string) => `${KEY}:${userId}`
const MAX = 8

type Recent = Pick<Movement, 'id' | 'name' | 'pattern'>

/** The movements this user picked last on this browser, newest first: the picker's 'Recent' row. */
export function readRecentMovements(userId: string): Recent[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]')
    return Array.isArray(parsed) ? (parsed as Recent[]).slice(0, MAX) : []
  } catch {
    return []
  }
}

export function rememberMovement(userId: string, { id, name, pattern }: Recent): void {
  const next = [{ id, name, pattern }, ...readRecentMovements(userId).filter((m) => m.id !== id)].slice(0, MAX)
  localStorage.setItem(keyFor(userId), JSON.stringify(next))
}
