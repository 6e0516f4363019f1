import type { Plan } from '#shared/schemas/plans.ts'

/** One day of a plan's grid: its week, and its day in that week. */
export type Cell = { week: number; day: number }

/** A cell as a drag-and-drop id ('3:2'), and back. */
export const cellId = ({ week, day }: Cell) => `${week}:${day}`
export const parseCell = (id: string | number): Cell => {
  const [week = 0, day = 0] = String(id).split(':').map(Number)
  return { week, day }
}

/** The planned workout in a cell, if it has one. */
export const workoutAt = (plan: Pick<Plan, 'workouts'>, cell: Cell) =>
  plan.workouts.find((w) => w.week === cell.week && w.day === cell.day)
