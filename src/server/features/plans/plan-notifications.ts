import { eq } from 'drizzle-orm'
import { paths } from '#shared/paths.ts'
import { notificationText } from '#shared/schemas/notifications.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/index.ts'
import { shortDate } from '#server/lib/local-time.ts'
import { enqueueNotification, withdrawNotification } from '#server/features/notifications/notifications.service.ts'

/*
 * What a lifter is told of their coach's work on their plan (docs/notifications.md), in the
 * transaction that stores it: a plan assigned, a plan changed (once the coach's edits settle),
 * progression changes approved.
 */

async function nameOf(db: Db | Tx, coachId: string): Promise<string> {
  const [coach] = await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, coachId))
  return coach?.name || notificationText.unnamedCoach
}

/** One notification group per plan and event: a later one of a kind replaces the earlier unsent one. */
const groupKey = (kind: 'assigned' | 'changed' | 'progression', planId: string) => `plan:${kind}:${planId}`

export async function notifyPlanAssigned(
  db: Db | Tx,
  plan: { id: string; name: string; ownerId: string; clientId: string; startDate: string },
): Promise<void> {
  await enqueueNotification(db, {
    userId: plan.clientId,
    kind: 'plans',
    groupKey: groupKey('assigned', plan.id),
    title: notificationText.planAssigned(await nameOf(db, plan.ownerId)),
    body: notificationText.planAssignedBody(plan.name, shortDate(plan.startDate)),
    url: paths.open.program.getHref(plan.id),
  })
}

/**
 * A coach changed their client's active plan: told once the edits have settled (a coach saves day
 * by day), as one notification however many saves it took.
 */
export async function notifyPlanChanged(
  db: Db | Tx,
  plan: { id: string; name: string; ownerId: string; clientId: string | null; status: string },
): Promise<void> {
  if (!plan.clientId || plan.clientId === plan.ownerId || plan.status !== 'active') return
  await enqueueNotification(db, {
    userId: plan.clientId,
    kind: 'plans',
    groupKey: groupKey('changed', plan.id),
    title: notificationText.planChanged(await nameOf(db, plan.ownerId)),
    body: notificationText.planChangedBody(plan.name),
    url: paths.open.program.getHref(plan.id),
    settles: true,
  })
}

/** The plan is over (another took its place): changes to it waiting to be told are no news. */
export async function withdrawPlanChanged(db: Db | Tx, clientId: string, planId: string): Promise<void> {
  await withdrawNotification(db, clientId, groupKey('changed', planId))
}

/** A coach approved `count` proposed changes of their client's targets in one plan. */
export async function notifyProgressionApproved(
  db: Db | Tx,
  plan: { id: string; name: string; ownerId: string; clientId: string },
  count: number,
): Promise<void> {
  await enqueueNotification(db, {
    userId: plan.clientId,
    kind: 'progression',
    groupKey: groupKey('progression', plan.id),
    title: notificationText.progressionApproved(await nameOf(db, plan.ownerId)),
    body: notificationText.progressionApprovedBody(count, plan.name),
    url: paths.open.program.getHref(plan.id),
  })
}
