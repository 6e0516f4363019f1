import { randomBytes, randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq, sql } from 'drizzle-orm'
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import * as schema from '../../src/server/db/schema/index.ts'

/*
 * A data folder as the earlier release left it: PGlite's files at the root of DATA_DIR, the
 * migrations applied, and a lived-in account in every table, with values that a careless copy
 * would change.
 */

/** A note a lifter could type: quotes, a newline, an emoji, a backslash, and what looks like SQL. */
export const AWKWARD = `He said "PR!" -- it's O'Brien's\nnext line 💪 back\\slash {a,b} NULL \t tab`
export const MICROSECONDS = '2025-03-04 18:30:12.345678+00'
export const SESSIONS = 60
export const SETS_PER_SESSION = 45

/** Opens an earlier release's folder as that release did (the trigram extension its migrations use). */
export const openEarlierReleaseFolder = (dir: string) => new PGlite(dir, { extensions: { pg_trgm } })

/** Fills `dir` as the earlier release would have: migrated, with a coach, clients and their training. */
export async function makeEarlierReleaseFolder(dir: string, migrationsFolder: string): Promise<void> {
  const source = openEarlierReleaseFolder(dir)
  try {
    await migrate(drizzle({ client: source }), { migrationsFolder })
    await fillLivedIn(drizzle({ client: source, schema }))
  } finally {
    await source.close()
  }
}

/** What an insert returned: one row. */
function first<Row>(rows: Row[]): Row {
  if (!rows[0]) throw new Error('the insert returned nothing')
  return rows[0]
}

const at = (timestamp: string) => sql`${timestamp}::timestamptz`

/** A coach with two clients (one former), a plan in use, sixty finished sessions, comments and chat. */
async function fillLivedIn(db: PgliteDatabase<typeof schema>): Promise<void> {
  const coach = `coach-${randomUUID()}`
  const client = `client-${randomUUID()}`
  const former = `former-${randomUUID()}`
  const people = [
    { id: coach, name: 'Coach Carla', email: 'carla@example.test', emailVerified: true },
    { id: client, name: `Zoë "Zed" O'Brien`, email: 'zoe@example.test', emailVerified: true },
    { id: former, name: 'Former Fred', email: 'fred@example.test' },
  ]
  await db.insert(schema.users).values(people)
  const password = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'
  const credentials = people.map((p) => ({ accountId: p.id, providerId: 'credential', userId: p.id, password }))
  await db.insert(schema.accounts).values(credentials.map((c) => ({ ...c, id: randomUUID() })))
  const expiresAt = new Date(Date.UTC(2030, 0, 1))
  await db.insert(schema.sessions).values({
    id: randomUUID(),
    token: randomUUID(),
    userId: client,
    expiresAt,
    userAgent: AWKWARD,
  })
  await db.insert(schema.verifications).values({
    id: randomUUID(),
    identifier: 'email',
    value: 'zoe@example.test',
    expiresAt,
  })
  const plates = { kg: { bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25], step: 2.5 } }
  await db.insert(schema.profiles).values([
    { id: coach, role: 'coach', displayName: 'Carla', plateSetups: sql`${JSON.stringify(plates)}::jsonb` },
    { id: client, role: 'client', displayName: 'Zoë', unit: 'lb', primaryGoal: AWKWARD, experienceLevel: 'Advanced' },
    { id: former, role: 'client', displayName: 'Fred', messageDigest: false },
  ])
  await db.insert(schema.appSecrets).values({ name: 'auth_secret', value: randomBytes(32).toString('base64') })
  await db.insert(schema.outboxMails).values({
    to: 'zoe@example.test',
    subject: 'Confirm',
    text: AWKWARD,
    html: '<p>Confirm</p>',
    links: ['http://127.0.0.1:3000/x?a=1&b=2'],
  })
  await db.insert(schema.rateLimits).values({ key: 'sign-in:127.0.0.1', windowStart: at(MICROSECONDS), count: 3 })
  await db.insert(schema.coachClients).values([
    { coachId: coach, clientId: client, since: at(MICROSECONDS) },
    { coachId: coach, clientId: former, status: 'archived', endedAt: new Date(Date.UTC(2025, 0, 2)) },
  ])

  const movement = (name: string, slug: string | null) => ({
    ownerId: slug ? null : coach,
    slug,
    name,
    pattern: 'squat' as const,
    tracking: 'weight_reps' as const,
    searchText: name.toLowerCase(),
  })
  const library = await db
    .insert(schema.movements)
    .values([movement('Back squat', 'back-squat'), movement('Bench press', 'bench-press')])
    .returning()
  const [squat, bench] = library.map((m) => m.id) as [string, string]
  const aliases = ['a,b', 'say "hi"', '{x}', 'NULL', '', AWKWARD]
  const tempo = first(
    await db
      .insert(schema.movements)
      .values({ ...movement('Tempo squat', null), aliases, instructions: AWKWARD })
      .returning(),
  ).id
  await db.insert(schema.searchWords).values(['back', 'squat', 'bench', 'press', 'tempo'].map((word) => ({ word })))

  const target = (kg: number) => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg' as const, value: kg }, rpe: 8 })
  const rule = { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 } as const
  await db.insert(schema.trainingPlans).values({
    ownerId: coach,
    name: 'Template',
    weeks: 4,
    daysPerWeek: 3,
    isTemplate: true,
    // A jsonb null, which is not SQL NULL and must not become it.
    progression: sql`'null'::jsonb`,
  })
  const plan = first(
    await db
      .insert(schema.trainingPlans)
      .values({
        ownerId: coach,
        clientId: client,
        name: 'Strength block',
        weeks: 4,
        daysPerWeek: 3,
        deloadWeeks: [4],
        startDate: '2025-01-06',
        trainingDays: [1, 3, 5],
        assigned: true,
        status: 'active',
        progression: rule,
        deload: { loadPercent: 10, setsRemoved: 1 },
      })
      .returning(),
  )
  const grid = [1, 2, 3, 4].flatMap((week) => [1, 2, 3].map((day) => ({ week, day })))
  const cells = grid.map(({ week, day }) => ({ planId: plan.id, week, day, title: `W${week}D${day}` }))
  const planWorkouts = await db.insert(schema.planWorkouts).values(cells).returning()
  const exercises = planWorkouts.flatMap((cell) => [
    { planWorkoutId: cell.id, movementId: squat, position: 0, sets: [target(100), target(100)], restSeconds: 180 },
    { planWorkoutId: cell.id, movementId: tempo, position: 1, sets: [target(60)], tempo: '31X1', notes: AWKWARD },
  ])
  await db.insert(schema.prescriptions).values(exercises)
  const arms = { ownerId: coach, title: 'Arms', isTemplate: true }
  const workout = first(await db.insert(schema.workouts).values(arms).returning())
  await db.insert(schema.prescriptions).values({
    workoutId: workout.id,
    movementId: bench,
    position: 0,
    sets: [target(60)],
    progression: rule,
  })
  await db.insert(schema.progressionProposals).values({
    planId: plan.id,
    planWorkoutId: first(planWorkouts).id,
    movementId: squat,
    clientId: client,
    fromSets: [target(100)],
    toSets: [target(102.5)],
    reason: 'Five of five: +2.5 kg',
  })
  await db.insert(schema.clientInvites).values({
    coachId: coach,
    email: 'new@example.test',
    planId: plan.id,
    tokenHash: 'hash',
    tokenSealed: 'sealed',
    expiresAt,
  })

  // Finished sessions whose sets the totals count (the source's own triggers keep them).
  const sessionIds: string[] = []
  for (let i = 0; i < SESSIONS; i++) {
    const cell = planWorkouts[i % planWorkouts.length] ?? first(planWorkouts)
    const session = first(
      await db
        .insert(schema.workoutSessions)
        .values({
          clientId: client,
          planId: plan.id,
          planWorkoutId: cell.id,
          title: cell.title,
          planName: plan.name,
          week: cell.week,
          day: cell.day,
          exercises: [],
          status: 'completed',
          startedAt: sql`${at(MICROSECONDS)} + make_interval(days => ${i})`,
          completedAt: sql`${at(MICROSECONDS)} + make_interval(days => ${i}, mins => 75)`,
          rpe: 7.5,
          notes: i === 0 ? AWKWARD : null,
        })
        .returning(),
    )
    sessionIds.push(session.id)
    const sets = Array.from({ length: SETS_PER_SESSION }, (_, n) => ({
      id: randomUUID(),
      sessionId: session.id,
      exerciseKey: `key-${n % 3}`,
      movementId: [squat, bench, tempo][n % 3] ?? squat,
      setNumber: n + 1,
      reps: 1 + (n % 14),
      loadKg: 60 + (n % 9) * 2.5 + i * 0.25,
      rpe: 8,
      completed: n % 11 !== 5,
      deletedAt: n % 13 === 7 ? new Date(Date.UTC(2025, 5, 1)) : null,
      editedAt: at(MICROSECONDS),
    }))
    await db.insert(schema.setLogs).values(sets)
  }
  const sessionId = first(sessionIds)
  const awkward = first(
    await db
      .insert(schema.setLogs)
      .values({
        id: randomUUID(),
        sessionId,
        exerciseKey: 'key-0',
        movementId: squat,
        setNumber: 100,
        reps: 3,
        loadKg: 102.5,
        targetLoadKg: sql`'100.250'::numeric`,
        note: AWKWARD,
        editedAt: at(MICROSECONDS),
      })
      .returning(),
  )
  await db.insert(schema.workoutSessions).values([
    { clientId: client, title: 'Today', exercises: [], status: 'in_progress' },
    { clientId: client, title: 'Skipped', exercises: [], status: 'abandoned', rpe: sql`'6.25'::numeric` },
  ])
  const values = { reps: 2, loadKg: 100, note: null }
  await db.insert(schema.setLogHistory).values({ setLogId: awkward.id, sessionId, values, editedAt: new Date() })
  await db.insert(schema.sessionComments).values({ sessionId, setLogId: awkward.id, authorId: coach, body: AWKWARD })
  await db.insert(schema.bodyWeights).values([
    { clientId: client, measuredOn: '2025-03-04', weightKg: 82.35 },
    { clientId: client, measuredOn: '2025-03-05', weightKg: sql`'82.350'::numeric` },
  ])
  const imported = { clientId: client, importKey: 'strong:1', source: 'strong' as const, sessionId }
  await db.insert(schema.sessionImports).values(imported)

  const senders = [coach, client, client, coach, client]
  const chat = senders.map((senderId, n) => ({
    id: randomUUID(),
    coachId: coach,
    clientId: client,
    senderId,
    body: `message ${n} ${AWKWARD}`,
  }))
  await db.insert(schema.messages).values(chat)
  // The last message deleted: the sequence is ahead of every seq left, and must stay so.
  await db.delete(schema.messages).where(eq(schema.messages.id, chat[chat.length - 1]?.id ?? ''))
  await db.insert(schema.calendarFeeds).values({ userId: client, tokenHash: randomBytes(16).toString('hex') })
  await db.insert(schema.apiTokens).values({
    userId: client,
    name: AWKWARD,
    scope: 'read',
    tokenHash: 'token-hash',
    start: 'cl_abc',
  })
}
