import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { calendarDate, moment } from './dates.ts'
import { EXPERIENCE_LEVELS } from './profiles.ts'

/** GET /api/clients: one of the coach's active clients, with the plan the coach has them on. */
export const ActiveClientSchema = lazySchema(() =>
  z.object({
    clientId: z.string(),
    displayName: z.string(),
    primaryGoal: z.nullable(z.string()),
    experienceLevel: z.nullable(z.enum(EXPERIENCE_LEVELS)),
    email: z.string(),
    /** When the client became the coach's client (ISO timestamp). */
    since: z.string(),
    /** Completed / due planned workouts over the last 7 and 28 days (null when none were due). */
    adherence7: z.nullable(z.number()),
    adherence28: z.nullable(z.number()),
    /** Sets done as prescribed / sets prescribed over the same planned workouts (docs/set-adherence.md). */
    setAdherence7: z.nullable(z.number()),
    setAdherence28: z.nullable(z.number()),
    /** The same over the week before (8 to 14 days back): a drop shows against it. */
    setAdherencePreviousWeek: z.nullable(z.number()),
    /** The last two planned workouts due before today were both missed. */
    missedLastTwo: z.boolean(),
    /** When the client last finished a session. */
    lastSessionAt: z.nullable(z.string()),
    /** The client's IANA time zone, as their device last reported it: 'yesterday' is theirs. */
    timeZone: z.nullable(z.string()),
    /** The client's active plan from this coach, if any. */
    activePlan: z.nullable(
      z.object({
        id: z.string(),
        name: z.string(),
        startDate: z.nullable(z.string()),
        trainingDays: z.nullable(z.array(z.number())),
      }),
    ),
  }),
)
export type ActiveClient = z.infer<typeof ActiveClientSchema>

/** GET /api/clients/{clientId}: one client's page, as the roster reads them, with the size of their plan (not the plan itself). */
export const ClientSummarySchema = lazySchema(() =>
  z.object({
    client: ActiveClientSchema,
    plan: z.nullable(
      z.object({ weeks: z.number(), daysPerWeek: z.number(), workouts: z.number(), deloadWeeks: z.array(z.number()) }),
    ),
    /** Planned workouts of the active plan moved to another date (YYYY-MM-DD, `from` the plan's own), from a week back on. */
    moved: z.array(
      z.object({
        week: z.number(),
        day: z.number(),
        title: z.string(),
        from: z.string(),
        to: z.string(),
        movedBy: z.nullable(z.string()),
      }),
    ),
  }),
)
export type ClientSummary = z.infer<typeof ClientSummarySchema>

/** Lists computed "as of" a day: the coach's own date, so a late evening is not tomorrow. */
export const AsOfQuery = lazySchema(() =>
  z.object({ today: z.optional(calendarDate('today must be a date (YYYY-MM-DD)')) }),
)

export const DashboardQuery = lazySchema(() =>
  z.object({
    today: z.optional(calendarDate('today must be a date (YYYY-MM-DD)')),
    /** The coach's previous visit: sessions completed since then are new to them. */
    since: z.optional(moment('since must be an ISO date-time')),
  }),
)

/**
 * Why a client needs the coach today (docs/needs-you.md): set adherence fell against the week
 * before, planned workouts missed, RPE above target all week, check-ins missed, or an answer of
 * the latest check-in far from the one before.
 */
const AttentionReasonSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('set_adherence_dropped'), from: z.number(), to: z.number() }),
    z.object({ kind: z.literal('missed_workouts'), count: z.number(), lastTwo: z.boolean() }),
    z.object({ kind: z.literal('rpe_above_target'), by: z.number(), sets: z.number() }),
    z.object({ kind: z.literal('missed_check_ins'), count: z.number() }),
    z.object({
      kind: z.literal('check_in_changed'),
      changes: z.array(
        z.object({
          label: z.string(),
          question: z.enum(['scale', 'number', 'bodyWeight']),
          from: z.number(),
          to: z.number(),
        }),
      ),
    }),
  ]),
)
export type AttentionReason = z.infer<typeof AttentionReasonSchema>

/** /coach: the coach's day at a glance. */
export const DashboardSchema = lazySchema(() =>
  z.object({
    activeClients: z.number(),
    adherence7: z.nullable(z.number()),
    adherence28: z.nullable(z.number()),
    setAdherence7: z.nullable(z.number()),
    setAdherence28: z.nullable(z.number()),
    sessionsSince: z.array(
      z.object({
        sessionId: z.string(),
        clientId: z.string(),
        clientName: z.string(),
        title: z.string(),
        completedAt: z.string(),
      }),
    ),
    missedLastTwo: z.array(z.object({ clientId: z.string(), displayName: z.string() })),
    /** Clients to look at today, most reasons first, each with why. */
    needsYou: z.array(
      z.object({ clientId: z.string(), displayName: z.string(), reasons: z.array(AttentionReasonSchema) }),
    ),
    /** Clients with new records this week, to congratulate: apart, since a record asks for no action. */
    recordsToCongratulate: z.array(
      z.object({ clientId: z.string(), displayName: z.string(), movements: z.array(z.string()) }),
    ),
    expiringInvites: z.array(
      z.object({ id: z.string(), email: z.string(), planName: z.string(), expiresAt: z.string() }),
    ),
  }),
)
export type Dashboard = z.infer<typeof DashboardSchema>
