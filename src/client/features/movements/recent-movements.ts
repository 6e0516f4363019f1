import type { Movement } from '#shared/schemas/movements.ts'

const KEY = 'coachline-recent-movements'
const MAX = 8

type Recent = Pick<Movement, 'id' | 'name' | 'pattern'>

/** The movements this browser picked last, newest first: the picker's 'Recent' row. */
export function readRecentMovements(): Recent[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(parsed) ? (parsed as Recent[]).slice(0, MAX) : []
  } catch {
    return []
  }
}

export function rememberMovement({ id, name, pattern }: Recent): void {
  const next = [{ id, name, pattern }, ...readRecentMovements().filter((m) => m.id !== id)].slice(0, MAX)
  localStorage.setItem(KEY, JSON.stringify(next))
}
