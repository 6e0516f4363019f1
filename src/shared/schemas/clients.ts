import * as z from 'zod/mini'
import { EXPERIENCE_LEVELS } from './profiles.ts'

/** GET /api/clients: one of the coach's active clients, with the plan the coach has them on. */
export const ActiveClientSchema = z.object({
  clientId: z.string(),
  displayName: z.string(),
  primaryGoal: z.nullable(z.string()),
  experienceLevel: z.nullable(z.enum(EXPERIENCE_LEVELS)),
  email: z.string(),
  /** When the client became the coach's client (ISO timestamp). */
  since: z.string(),
  /** The client's active plan from this coach, if any. */
  activePlan: z.nullable(z.object({ id: z.string(), name: z.string(), startDate: z.nullable(z.string()) })),
})
export type ActiveClient = z.infer<typeof ActiveClientSchema>
