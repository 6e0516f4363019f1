import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { isEmail, normalizeEmail } from './auth.ts'
import { calendarDate } from './dates.ts'

/** How long an invite link works, in days (docs/product.md#invites). */
export const INVITE_DAYS = 7

/**
 * Every text of the invite flow. The first group is the original product's wording, kept word for
 * word (docs/product.md#user-facing-strings); the rest are ours: further refusals and the coach's side.
 */
export const inviteApiText = {
  invalid: { title: 'Invalid invite', description: 'This invite link is invalid or has expired.' },
  signInFirst: { title: 'Please sign in', description: 'You must be signed in to accept this invite.' },
  emailMismatch: {
    title: 'Email mismatch',
    description: 'You must sign in with the email address this invite was sent to.',
  },
  acceptFailedTitle: 'Failed to accept invite',
  unexpected: 'An unexpected error occurred.',
  welcome: (planName: string) => ({ title: 'Welcome!', description: `You've successfully joined ${planName}` }),

  alreadyUsed: 'This invite has already been accepted.',
  acceptedElsewhere: 'You joined another coach at the same moment. Open this invite again to switch to this coach.',
  revoked: 'This invite was withdrawn by the coach.',
  ownInvite: 'You cannot accept your own invite.',
  coachAccount: 'This is a coach account. Sign in with the client account the invite was sent to.',
  emailRequired: 'Enter the client’s email address',
  emailInvalid: 'Enter a valid email address',
  ownEmail: 'You cannot invite yourself',
  planRequired: 'Choose a plan',
  sent: 'Invite sent',
  resent: 'Invite sent again',
  revokedDone: 'Invite revoked',
  copied: 'Invite link copied',
  mailFailed: 'The invite email could not be sent. Nothing changed; try again in a moment.',
} as const

export const CreateInviteBody = lazySchema(() =>
  z.object({
    email: z
      .string(inviteApiText.emailRequired)
      .check(
        z.overwrite(normalizeEmail),
        z.minLength(1, inviteApiText.emailRequired),
        z.refine(isEmail, inviteApiText.emailInvalid),
      ),
    planId: z.uuid(inviteApiText.planRequired),
  }),
)
export type CreateInviteInput = z.infer<typeof CreateInviteBody>

const INVITE_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const

/** An invite as its coach sees it; `link` is there while it can still be used or resent. */
export const InviteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    planId: z.string(),
    planName: z.string(),
    status: z.enum(INVITE_STATUSES),
    expiresAt: z.string(),
    createdAt: z.string(),
    acceptedAt: z.nullable(z.string()),
    link: z.nullable(z.string()),
  }),
)
export type Invite = z.infer<typeof InviteSchema>

/**
 * What the invite page shows: plan name, coach display name, invited email, expiry date
 * (docs/product.md#invites), and the weekdays the plan trains on (null: day after day).
 */
export const InvitePreviewSchema = lazySchema(() =>
  z.object({
    planName: z.string(),
    coachName: z.string(),
    email: z.string(),
    expiresAt: z.string(),
    trainingDays: z.nullable(z.array(z.number())),
  }),
)
export type InvitePreview = z.infer<typeof InvitePreviewSchema>

/** Accepting an invite: {token} in, {success, error} out, the original backend's contract (docs/product.md#our-server-in-place-of-a-hosted-backend). */
export const AcceptInviteBody = lazySchema(() =>
  z.object({
    token: z
      .string('The invite token is missing')
      .check(z.minLength(1, 'The invite token is missing'), z.maxLength(200)),
    /** The invitee's own date: the plan starts on it (a day either side of the server's, else the server's). */
    today: z.optional(calendarDate('today must be a date (YYYY-MM-DD)')),
  }),
)
export const AcceptInviteResultSchema = lazySchema(() =>
  z.object({ success: z.boolean(), error: z.nullable(z.string()), planName: z.optional(z.string()) }),
)
export type AcceptInviteResult = z.infer<typeof AcceptInviteResultSchema>
