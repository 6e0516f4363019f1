import type { ImportProblem, ImportSource } from '#shared/schemas/history-import.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import type { SetType } from '#shared/set-types.ts'
import type { Unit } from '#shared/units.ts'

/* What reading an export gives: its sessions of sets, each exercise's figures, and the rows that could not be read. */

export type ParsedSet = {
  line: number
  setType: SetType
  reps: number | null
  loadKg: number | null
  rpe: number | null
  durationSeconds: number | null
  distanceMeters: number | null
  note: string | null
}

type ParsedExercise = { name: string; notes: string | null; superset: string | null; sets: ParsedSet[] }

export type ParsedSession = {
  /** Stable across uploads of the same workout: the source, its local start time and its title, hashed. */
  key: string
  title: string
  startedAt: Date
  completedAt: Date
  notes: string | null
  exercises: ParsedExercise[]
}

type ExerciseStats = { name: string; sets: number; sessions: number; tracking: Tracking }

export type ParsedHistory = {
  source: ImportSource
  unit: Unit
  sessions: ParsedSession[]
  setCount: number
  exercises: ExerciseStats[]
  problems: ImportProblem[]
}

export type ParseOptions = { unit: Unit; timeZone: string }
