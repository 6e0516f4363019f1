/*
 * What the JSON export holds of a lifter's life between sessions (docs/export-format.md): habits
 * with their days, check-ins with their comments, and the progress photos' details (the images
 * are the photo download's, `photoFileName` names each one there). Each list is read a page at a
 * time, so a long history streams like the sessions do.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { checkInComments, checkIns, habitEntries, habits, profiles, progressPhotos } from '#server/db/schema/index.ts'
import { iso, json, type ExportSubject } from './export-reads.ts'

const PAGE = 200

/** A photo's file in the photo download: its day, pose and id. */
export const photoFileName = (photo: { takenOn: string; pose: string; id: string }) =>
  `photos/${photo.takenOn}-${photo.pose}-${photo.id}.jpg`

export async function* habitsJson(db: Db, { userId }: ExportSubject): AsyncGenerator<string> {
  const rows = await db.select().from(habits).where(eq(habits.clientId, userId)).orderBy(asc(habits.createdAt))
  let first = true
  for (const habit of rows) {
    const days = await db
      .select({ date: habitEntries.entryOn, value: habitEntries.value, met: habitEntries.met })
      .from(habitEntries)
      .where(eq(habitEntries.habitId, habit.id))
      .orderBy(asc(habitEntries.entryOn))
    yield `${first ? '' : ','}${json({
      id: habit.id,
      name: habit.name,
      kind: habit.kind,
      unit: habit.unit,
      target: habit.target,
      setBy: habit.createdBy === habit.clientId ? 'lifter' : 'coach',
      startsOn: habit.startsOn,
      archivedAt: iso(habit.archivedAt),
      createdAt: iso(habit.createdAt),
      days,
    })}`
    first = false
  }
}

export async function* checkInsJson(db: Db, { userId }: ExportSubject): AsyncGenerator<string> {
  let after = null as { dueOn: string; id: string } | null
  let first = true
  for (;;) {
    const cursor = after
    const page = await db
      .select()
      .from(checkIns)
      .where(
        and(
          eq(checkIns.clientId, userId),
          cursor
            ? or(gt(checkIns.dueOn, cursor.dueOn), and(eq(checkIns.dueOn, cursor.dueOn), gt(checkIns.id, cursor.id)))
            : undefined,
        ),
      )
      .orderBy(asc(checkIns.dueOn), asc(checkIns.id))
      .limit(PAGE)
    if (!page.length) return
    const comments = await db
      .select({
        checkInId: checkInComments.checkInId,
        authorId: checkInComments.authorId,
        authorName: profiles.displayName,
        body: checkInComments.body,
        createdAt: checkInComments.createdAt,
      })
      .from(checkInComments)
      .leftJoin(profiles, eq(profiles.id, checkInComments.authorId))
      .where(
        inArray(
          checkInComments.checkInId,
          page.map((c) => c.id),
        ),
      )
      .orderBy(asc(checkInComments.createdAt))
    for (const checkIn of page) {
      yield `${first ? '' : ','}${json({
        id: checkIn.id,
        name: checkIn.name,
        dueOn: checkIn.dueOn,
        late: checkIn.late,
        submittedAt: iso(checkIn.submittedAt),
        questions: checkIn.questions,
        answers: checkIn.answers,
        comments: comments
          .filter((c) => c.checkInId === checkIn.id)
          .map(({ checkInId: _id, ...c }) => ({ ...c, createdAt: iso(c.createdAt) })),
      })}`
      first = false
    }
    const last = page.at(-1)
    after = last ? { dueOn: last.dueOn, id: last.id } : null
  }
}

/** Every progress photo of the lifter, oldest day first, a page at a time. */
export async function* photoRows(db: Db, userId: string) {
  let after = null as { takenOn: string; id: string } | null
  for (;;) {
    const cursor = after
    const page = await db
      .select({
        id: progressPhotos.id,
        pose: progressPhotos.pose,
        takenOn: progressPhotos.takenOn,
        width: progressPhotos.width,
        height: progressPhotos.height,
        createdAt: progressPhotos.createdAt,
      })
      .from(progressPhotos)
      .where(
        and(
          eq(progressPhotos.clientId, userId),
          cursor
            ? sql`(${progressPhotos.takenOn}, ${progressPhotos.id}) > (${cursor.takenOn}::date, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(progressPhotos.takenOn), asc(progressPhotos.id))
      .limit(PAGE)
    if (!page.length) return
    yield* page
    const last = page.at(-1)
    after = last ? { takenOn: last.takenOn, id: last.id } : null
  }
}

export async function* progressPhotosJson(db: Db, { userId }: ExportSubject): AsyncGenerator<string> {
  let first = true
  for await (const photo of photoRows(db, userId)) {
    yield `${first ? '' : ','}${json({ ...photo, createdAt: iso(photo.createdAt), file: photoFileName(photo) })}`
    first = false
  }
}
