import { createPhotoStore } from '#server/features/photos/photos.service.ts'
import { demoCheckInForm, seedCheckIns, seedHabits } from './between.ts'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { sessionExerciseOf, type SessionExercise } from '#shared/schemas/sessions.ts'
import type { Actor } from '#server/access/actor.ts'
import { createAuth } from '#server/auth.ts'
import { type Db, type Tx } from '#server/db/client.ts'
import { analyzeAll } from '#server/db/statistics.ts'
import {
  bodyWeights,
  coachClients,
  messages,
  planWorkouts,
  sessionComments,
  setLogs,
  users,
  workoutSessions,
} from '#server/db/schema/index.ts'
import { publicUrl, type Env } from '#server/lib/env.ts'
import { becomeCoach, ensureProfile, updateProfile } from '#server/features/profiles/profiles.service.ts'
import { loadExercises } from '#server/prescriptions/prescriptions.ts'
import { fillReviewCounts } from '#server/features/sessions/review.service.ts'
import { assignPlan } from '#server/features/plans/plan-assignment.service.ts'
import { createLogger } from '#server/lib/logger.ts'
import { getOrCreateSecret } from '#server/lib/secrets.ts'
import {
  DEMO_PASSWORD,
  DEMO_COACH,
  TRAINING_DAYS,
  type DemoClient,
  DEMO_CLIENTS,
  dayFromToday,
  isoDate,
  at,
  addMinutes,
  START_OFFSET,
} from './cast.ts'
import { daySpec, prescribedSets, type MovementInfo, builtinMovements, buildTemplate } from './plan.ts'
import { SWAPS, makeSessions, sessionRows } from './weeks.ts'
import { COMMENTS, CHATS, bodyWeightRows } from './talk.ts'

/*
 * The whole demo: the users, the template, each client's weeks, their talk, and the statistics the
 * planner needs after a bulk load.
 */

// ---------- the whole demo ----------

export type DemoResult = {
  coach: string
  clients: { email: string; displayName: string; summary: string }[]
  seconds: number
}

/** Creates the demo users through better-auth (marked verified, so the password signs in) with their profiles. */
async function createUser(
  db: Db,
  auth: ReturnType<typeof createAuth>,
  email: string,
  displayName: string,
): Promise<string> {
  const created = await auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name: displayName } })
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, created.user.id))
  await ensureProfile(db, { id: created.user.id, email })
  return created.user.id
}

export async function seedDemo(db: Db, env: Env): Promise<DemoResult> {
  const began = performance.now()
  const logger = createLogger('silent')
  const secret = env.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth_secret'))
  // No confirmation emails: the demo users are marked verified right away.
  const auth = createAuth({
    db,
    baseURL: publicUrl(env),
    secret,
    trustedOrigins: [publicUrl(env)],
    mailer: { kind: 'outbox', send: async () => {} },
    logger,
    onSignInSessionsChanged: async () => {},
    photos: createPhotoStore(env),
  })
  const createdIds: string[] = []
  try {
    const coachId = await createUser(db, auth, DEMO_COACH.email, DEMO_COACH.displayName)
    createdIds.push(coachId)
    await updateProfile(db, coachId, {
      displayName: DEMO_COACH.displayName,
      primaryGoal: 'Coach strength athletes',
      experienceLevel: 'Advanced',
    })
    await becomeCoach(db, coachId)
    const coach: Actor = { id: coachId, role: 'coach' }

    const clientIds: string[] = []
    for (const client of DEMO_CLIENTS) {
      const id = await createUser(db, auth, client.email, client.displayName)
      createdIds.push(id)
      clientIds.push(id)
      await updateProfile(db, id, {
        displayName: client.displayName,
        unit: client.unit,
        primaryGoal: client.goal,
        experienceLevel: client.level,
      })
    }

    const slugs = [
      ...new Set([
        ...TRAINING_DAYS.flatMap((d) => daySpec(1, d).exercises.map((e) => e.slug)),
        ...SWAPS.map((s) => s.to),
      ]),
    ]
    const library = await builtinMovements(db, slugs)
    const templateId = await buildTemplate(db, coach, library)

    const checkInFormId = await db.transaction((tx) => demoCheckInForm(tx, coachId))
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const clientId = clientIds[index] as string
      await db.transaction(async (tx) => {
        await seedClient(db, tx, coachId, templateId, client, clientId, library)
        await seedCheckIns(tx, coachId, checkInFormId, client, clientId)
        await seedHabits(tx, coachId, client, clientId)
      })
    }
    // Its sessions keep their review counts, as sessions finished in the app do.
    const finished = await db
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(inArray(workoutSessions.clientId, clientIds), eq(workoutSessions.status, 'completed')))
    await fillReviewCounts(
      db,
      finished.map((s) => s.id),
    )
    // The demo is opened right after: its queries plan on what it wrote, not on empty tables.
    await analyzeAll(db)
    return {
      coach: DEMO_COACH.email,
      clients: DEMO_CLIENTS.map(({ email, displayName, summary }) => ({ email, displayName, summary })),
      seconds: (performance.now() - began) / 1000,
    }
  } catch (error) {
    // Nothing half-made: the users of this run go, and everything of theirs with them.
    if (createdIds.length) await db.delete(users).where(inArray(users.id, createdIds))
    throw error
  }
}

async function seedClient(
  db: Db,
  tx: Tx,
  coachId: string,
  templateId: string,
  client: DemoClient,
  clientId: string,
  library: Map<string, MovementInfo>,
): Promise<void> {
  await tx.insert(coachClients).values({ coachId, clientId, since: at(START_OFFSET - 4, 10) })
  const plan = await assignPlan(
    db,
    coachId,
    templateId,
    { clientId, startDate: isoDate(dayFromToday(START_OFFSET)) },
    tx,
  )

  // The coach tailors the client's copy: the template's loads scaled to this lifter, in their unit.
  const cells = await tx
    .select({ id: planWorkouts.id, week: planWorkouts.week, day: planWorkouts.day, title: planWorkouts.title })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, plan.id))
  const exercisesByCell = await loadExercises(
    tx,
    'planWorkout',
    cells.map((c) => c.id),
  )
  const tailored: { id: string; sets: PrescribedSet[] }[] = []
  for (const cell of cells) {
    const spec = daySpec(cell.week, cell.day)
    for (const exercise of exercisesByCell.get(cell.id) ?? []) {
      const written = spec.exercises[exercise.position]
      if (written) tailored.push({ id: exercise.id, sets: prescribedSets(written, client.scale, client.unit) })
    }
  }
  await tx.execute(sql`
    update prescriptions p set sets = v.sets::jsonb
    from (values ${sql.join(
      tailored.map((t) => sql`(${t.id}::uuid, ${JSON.stringify(t.sets)})`),
      sql`, `,
    )}) as v(id, sets)
    where p.id = v.id`)

  // What a session copies at start: the exercises with their (tailored) targets.
  const sessionCells = cells
    .sort((a, b) => a.week - b.week || a.day - b.day)
    .map((cell) => ({
      ...cell,
      exercises: (exercisesByCell.get(cell.id) ?? []).map((exercise): SessionExercise => {
        const written = daySpec(cell.week, cell.day).exercises[exercise.position]
        return {
          ...sessionExerciseOf(exercise),
          targets: written ? prescribedSets(written, client.scale, client.unit) : exercise.sets,
        }
      }),
    }))
  const made = makeSessions(client, sessionCells, library)

  // One set logged after the session was finished (a phone that was offline): the last plank of the latest session.
  if (client.character === 'swaps') {
    const last = made.at(-1)
    const plank = last?.sets.filter((s) => library.get('plank')?.id === s.movementId).at(-1)
    if (last && plank) {
      const late = addMinutes(last.completedAt, 25)
      plank.editedAt = late
      plank.loggedAt = late
    }
  }
  // Character 1's latest session: the last bench set short of its range, the last plank skipped.
  if (client.character === 'steady') {
    const last = made.at(-1)
    if (last) {
      const bench = last.sets.filter((s) => s.movementId === library.get('bench-press')?.id).at(-1)
      if (bench && bench.targetRepsMin) bench.reps = bench.targetRepsMin - 1
      const planks = last.sets.filter((s) => s.movementId === library.get('plank')?.id)
      const skipped = planks.at(-1)
      if (skipped && planks.length >= 3) last.sets.splice(last.sets.indexOf(skipped), 1)
    }
  }

  const cellIds = new Map(cells.map((c) => [`${c.week}/${c.day}`, c.id]))
  const sessions = sessionRows(client, clientId, plan.id, plan.name, cellIds, made)
  if (sessions.length) await tx.insert(workoutSessions).values(sessions)
  const allSets = made.flatMap((m) => m.sets)
  for (let i = 0; i < allSets.length; i += 500) await tx.insert(setLogs).values(allSets.slice(i, i + 500))

  const comments: (typeof sessionComments.$inferInsert)[] = []
  for (const spec of COMMENTS[client.character]) {
    const session = made.find((m) => m.week === spec.week && m.day === spec.day)
    if (!session)
      throw new Error(`demo comment on a session ${client.displayName} did not do (week ${spec.week}, day ${spec.day})`)
    let setLogId: string | null = null
    if (spec.set) {
      const movementId = [...library.values()].find((m) => m.name === spec.set?.movement)?.id
      const set = session.sets.find((s) => s.movementId === movementId && s.setNumber === spec.set?.setNumber)
      if (!set)
        throw new Error(
          `demo comment on a set ${client.displayName} did not log (${spec.set.movement} ${spec.set.setNumber}, week ${spec.week})`,
        )
      setLogId = set.id
    }
    const createdAt = addMinutes(session.completedAt, spec.minutesAfter)
    comments.push({
      sessionId: session.sessionId,
      setLogId,
      authorId: spec.by === 'coach' ? coachId : clientId,
      body: spec.body,
      createdAt,
      readAt: spec.read ? addMinutes(createdAt, 45) : null,
    })
  }
  if (comments.length) await tx.insert(sessionComments).values(comments)

  // The trailing messages of whoever wrote last are still unread (and were in an email digest already).
  const chat = CHATS[client.character]
  let unreadFrom = chat.length
  while (unreadFrom > 0 && chat[unreadFrom - 1]?.by === chat.at(-1)?.by) unreadFrom--
  await tx.insert(messages).values(
    chat.map((m, i) => {
      const createdAt = at(-m.daysAgo, m.hour, 5 + ((i * 7) % 40))
      const unread = i >= unreadFrom
      return {
        id: randomUUID(),
        coachId,
        clientId,
        senderId: m.by === 'coach' ? coachId : clientId,
        body: m.body,
        createdAt,
        deliveredAt: addMinutes(createdAt, 1),
        readAt: unread ? null : addMinutes(createdAt, 30),
        digestedAt: unread ? addMinutes(createdAt, 35) : null,
      }
    }),
  )

  const weights = bodyWeightRows(client, clientId)
  if (weights.length) await tx.insert(bodyWeights).values(weights)
}
