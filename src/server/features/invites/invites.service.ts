import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto'
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import { paths } from '#shared/paths.ts'
import {
  INVITE_DAYS,
  inviteApiText,
  type AcceptInviteResult,
  type CreateInviteInput,
  type Invite,
  type InvitePreview,
} from '#shared/schemas/invites.ts'
import { activeCoachIdOf, activeLink, isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { clientInvites, coachClients, profiles, trainingPlans } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { isUniqueViolation } from '#server/lib/db-errors.ts'
import { hit } from '#server/lib/rate-limit.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import { inviteEmail } from '#server/features/mail/templates.ts'
import { ensureProfile } from '#server/features/profiles/profiles.service.ts'
import { assignPlan } from '#server/features/plans/plan-assignment.service.ts'

/** What inviting needs beyond the database: the secret that seals tokens, the mailer and the app's address. */
export type InviteDeps = { db: Db; secret: string; mailer: Mailer; baseUrl: string }

const DAY_MS = 24 * 60 * 60 * 1000
/** Invite emails (new and resent) a coach may send per hour. */
const EMAILS_PER_HOUR = 50

/** 32 random bytes, URL-safe: the only copy in clear is the link. */
const newToken = () => randomBytes(32).toString('base64url')
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const linkOf = (baseUrl: string, token: string) => `${baseUrl}${paths.invite.getHref(token)}`

const inviteColumns = {
  id: clientInvites.id,
  email: clientInvites.email,
  planId: clientInvites.planId,
  planName: trainingPlans.name,
  tokenSealed: clientInvites.tokenSealed,
  expiresAt: clientInvites.expiresAt,
  createdAt: clientInvites.createdAt,
  acceptedAt: clientInvites.acceptedAt,
  revokedAt: clientInvites.revokedAt,
}
type InviteRow = {
  id: string
  email: string
  planId: string
  planName: string
  tokenSealed: string
  expiresAt: Date
  createdAt: Date
  acceptedAt: Date | null
  revokedAt: Date | null
}

function statusOf(row: Pick<InviteRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now = new Date()): Invite['status'] {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt <= now ? 'expired' : 'pending'
}

async function toInvite(deps: InviteDeps, row: InviteRow): Promise<Invite> {
  const status = statusOf(row)
  const link =
    status === 'pending' || status === 'expired'
      ? linkOf(deps.baseUrl, await symmetricDecrypt({ key: deps.secret, data: row.tokenSealed }))
      : null
  return {
    id: row.id,
    email: row.email,
    planId: row.planId,
    planName: row.planName,
    status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    link,
  }
}

async function findOwnInvite(deps: InviteDeps, coachId: string, id: string): Promise<InviteRow> {
  const [row] = await deps.db
    .select({ ...inviteColumns, coachId: clientInvites.coachId })
    .from(clientInvites)
    .innerJoin(trainingPlans, eq(trainingPlans.id, clientInvites.planId))
    .where(eq(clientInvites.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Invite not found' })
  if (row.coachId !== coachId) throw new AppError('FORBIDDEN', { message: 'This invite is not yours' })
  return row
}

/** Counted before anything changes: over the limit, the invite already emailed stays as it was. */
const countInviteMail = (deps: InviteDeps, coachId: string) =>
  hit(deps.db, { key: `invite-mail:${coachId}`, max: EMAILS_PER_HOUR, windowSeconds: 3600 })

async function mailInvite(deps: InviteDeps, coachId: string, row: InviteRow): Promise<void> {
  const [coach] = await deps.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, coachId))
  const token = await symmetricDecrypt({ key: deps.secret, data: row.tokenSealed })
  try {
    await deps.mailer.send(
      inviteEmail(row.email, linkOf(deps.baseUrl, token), {
        coachName: coach?.name || 'Your coach',
        planName: row.planName,
        expiresAt: row.expiresAt,
      }),
    )
  } catch (cause) {
    throw new AppError('UNAVAILABLE', { message: inviteApiText.mailFailed, cause, expose: true })
  }
}

/**
 * Invites an email into one of the coach's plans: a new token, 7 days, emailed. An open invite from
 * this coach to the same email is replaced (revoked) in the same transaction.
 */
export async function createInvite(
  deps: InviteDeps,
  coach: { id: string; email: string },
  input: CreateInviteInput,
): Promise<Invite> {
  const { db } = deps
  if (input.email === coach.email.toLowerCase())
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: { email: [inviteApiText.ownEmail] } })
  const [plan] = await db
    .select({
      ownerId: trainingPlans.ownerId,
      clientId: trainingPlans.clientId,
      status: trainingPlans.status,
      name: trainingPlans.name,
    })
    .from(trainingPlans)
    .where(eq(trainingPlans.id, input.planId))
  if (!plan || plan.ownerId !== coach.id)
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { planId: ['Choose one of your plans'] },
    })
  if (plan.clientId || plan.status === 'archived') {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { planId: ['Choose a plan that is not assigned or archived'] },
    })
  }

  await countInviteMail(deps, coach.id)
  const token = newToken()
  const tokenSealed = await symmetricEncrypt({ key: deps.secret, data: token })
  const { id, replaced } = await db.transaction(async (tx) => {
    const replacedRows = await tx
      .update(clientInvites)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(clientInvites.coachId, coach.id),
          eq(clientInvites.email, input.email),
          isNull(clientInvites.acceptedAt),
          isNull(clientInvites.revokedAt),
        ),
      )
      .returning({ id: clientInvites.id })
    const [row] = await tx
      .insert(clientInvites)
      .values({
        coachId: coach.id,
        email: input.email,
        planId: input.planId,
        tokenHash: hashToken(token),
        tokenSealed,
        expiresAt: new Date(Date.now() + INVITE_DAYS * DAY_MS),
      })
      .returning({ id: clientInvites.id })
    if (!row) throw new Error('insert returned nothing')
    return { id: row.id, replaced: replacedRows.map((r) => r.id) }
  })
  const row = await findOwnInvite(deps, coach.id, id)
  try {
    await mailInvite(deps, coach.id, row)
  } catch (error) {
    // Not sent: as if it never happened (a link the invitee already has keeps working).
    await db.transaction(async (tx) => {
      await tx.delete(clientInvites).where(eq(clientInvites.id, id))
      if (replaced.length)
        await tx
          .update(clientInvites)
          .set({ revokedAt: null })
          .where(and(inArray(clientInvites.id, replaced), isNull(clientInvites.acceptedAt)))
    })
    throw error
  }
  return toInvite(deps, row)
}

/** The coach's invites: open ones, and the rest from the last 30 days, newest first. */
export async function listInvites(deps: InviteDeps, coachId: string): Promise<Invite[]> {
  const rows = await deps.db
    .select(inviteColumns)
    .from(clientInvites)
    .innerJoin(trainingPlans, eq(trainingPlans.id, clientInvites.planId))
    .where(
      and(
        eq(clientInvites.coachId, coachId),
        or(
          and(isNull(clientInvites.acceptedAt), isNull(clientInvites.revokedAt)),
          gt(clientInvites.updatedAt, sql`now() - interval '30 days'`),
        ),
      ),
    )
    .orderBy(desc(clientInvites.createdAt))
  return Promise.all(rows.map((row) => toInvite(deps, row)))
}

/** The same link, emailed again, working for another 7 days from now. */
export async function resendInvite(deps: InviteDeps, coachId: string, id: string): Promise<Invite> {
  const row = await findOwnInvite(deps, coachId, id)
  if (row.acceptedAt || row.revokedAt)
    throw new AppError('CONFLICT', {
      message: row.acceptedAt ? inviteApiText.alreadyUsed : 'This invite was revoked; send a new one',
    })
  await countInviteMail(deps, coachId)
  const expiresAt = new Date(Date.now() + INVITE_DAYS * DAY_MS)
  await deps.db.update(clientInvites).set({ expiresAt }).where(eq(clientInvites.id, id))
  const updated = { ...row, expiresAt }
  await mailInvite(deps, coachId, updated)
  return toInvite(deps, updated)
}

export async function revokeInvite(deps: InviteDeps, coachId: string, id: string): Promise<Invite> {
  const row = await findOwnInvite(deps, coachId, id)
  if (row.acceptedAt) throw new AppError('CONFLICT', { message: inviteApiText.alreadyUsed })
  if (row.revokedAt) return toInvite(deps, row)
  const [done] = await deps.db
    .update(clientInvites)
    .set({ revokedAt: sql`now()` })
    .where(eq(clientInvites.id, id))
    .returning({ revokedAt: clientInvites.revokedAt })
  return toInvite(deps, { ...row, revokedAt: done?.revokedAt ?? new Date() })
}

/** The invite page's data (docs/product.md#invites): only an open, unrevoked, unexpired invite is found. */
export async function previewInvite(db: Db, token: string): Promise<InvitePreview> {
  const [row] = await db
    .select({
      planName: trainingPlans.name,
      coachName: profiles.displayName,
      email: clientInvites.email,
      expiresAt: clientInvites.expiresAt,
      trainingDays: trainingPlans.trainingDays,
    })
    .from(clientInvites)
    .innerJoin(trainingPlans, eq(trainingPlans.id, clientInvites.planId))
    .leftJoin(profiles, eq(profiles.id, clientInvites.coachId))
    .where(
      and(
        eq(clientInvites.tokenHash, hashToken(token)),
        isNull(clientInvites.acceptedAt),
        isNull(clientInvites.revokedAt),
        gt(clientInvites.expiresAt, sql`now()`),
      ),
    )
  if (!row) throw new AppError('NOT_FOUND', { message: inviteApiText.invalid.description })
  return { ...row, coachName: row.coachName || 'Your coach', expiresAt: row.expiresAt.toISOString() }
}

const refuse = (error: string): AcceptInviteResult => ({ success: false, error })

/** The invitee's date when it is plausibly today somewhere on Earth; otherwise the server's (UTC). */
function planStartFor(clientToday: string | undefined, now = Date.now()): string {
  const server = new Date(now).toISOString().slice(0, 10)
  if (!clientToday) return server
  const days = Math.abs(Date.parse(`${clientToday}T00:00:00Z`) - Date.parse(`${server}T00:00:00Z`)) / 86_400_000
  return days <= 1 ? clientToday : server
}

/**
 * accept_client_invite: in one transaction, claims the invite (a conditional update, so of many
 * concurrent accepts exactly one wins), links the client to the coach (ending a previous coach's
 * link) and assigns the invite's plan from today through the one assignment operation.
 */
export async function acceptInvite(
  db: Db,
  user: { id: string; email: string },
  token: string,
  clientToday?: string,
): Promise<AcceptInviteResult> {
  const [invite] = await db
    .select({
      id: clientInvites.id,
      coachId: clientInvites.coachId,
      email: clientInvites.email,
      planId: clientInvites.planId,
      planName: trainingPlans.name,
      expiresAt: clientInvites.expiresAt,
      acceptedAt: clientInvites.acceptedAt,
      revokedAt: clientInvites.revokedAt,
    })
    .from(clientInvites)
    .innerJoin(trainingPlans, eq(trainingPlans.id, clientInvites.planId))
    .where(eq(clientInvites.tokenHash, hashToken(token)))
  if (!invite) return refuse(inviteApiText.invalid.description)
  if (invite.acceptedAt) return refuse(inviteApiText.alreadyUsed)
  if (invite.revokedAt) return refuse(inviteApiText.revoked)
  if (invite.expiresAt <= new Date()) return refuse(inviteApiText.invalid.description)
  if (invite.coachId === user.id) return refuse(inviteApiText.ownInvite)
  if (invite.email !== user.email.toLowerCase()) return refuse(inviteApiText.emailMismatch.description)
  const profile = await ensureProfile(db, user)
  if (profile.role === 'coach') return refuse(inviteApiText.coachAccount)

  const today = planStartFor(clientToday)
  const coachBefore = await activeCoachIdOf(db, user.id)
  const { coachId, planId, planName } = invite
  return db
    .transaction(async (tx): Promise<AcceptInviteResult> => {
      // The profile row is the client's lock: an accept of another invite or 'become a coach'
      // waits here for this one to finish, then sees what it did.
      const [locked] = await tx
        .select({ role: profiles.role })
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .for('update')
      if (locked?.role === 'coach') return refuse(inviteApiText.coachAccount)
      const [claimed] = await tx
        .update(clientInvites)
        .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
        .where(
          and(
            eq(clientInvites.id, invite.id),
            isNull(clientInvites.acceptedAt),
            isNull(clientInvites.revokedAt),
            gt(clientInvites.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: clientInvites.id })
      if (!claimed) return refuse(inviteApiText.alreadyUsed)
      // Another coach's invite was accepted while this one was on its way: the client chose from
      // a screen that no longer holds, so they confirm again instead of silently switching.
      if ((await activeCoachIdOf(tx, user.id)) !== coachBefore) throw new ConcurrentAccept()
      await tx
        .update(coachClients)
        .set({ status: 'archived', endedAt: sql`now()` })
        .where(and(activeLink({ clientId: user.id }), ne(coachClients.coachId, coachId)))
      if (!(await isActiveCoachOf(tx, coachId, user.id)))
        await tx.insert(coachClients).values({ coachId, clientId: user.id })
      await assignPlan(db, coachId, planId, { clientId: user.id, startDate: today }, tx, { tellClient: false })
      return { success: true, error: null, planName }
    })
    .catch((error: unknown) => {
      // The rolled-back claim leaves the invite open for the client's second try.
      if (error instanceof ConcurrentAccept || isUniqueViolation(error)) return refuse(inviteApiText.acceptedElsewhere)
      throw error
    })
}

/** Thrown to roll an accept back when the client's coach changed under it. */
class ConcurrentAccept extends Error {}
