import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/** What a personal API token may do: `read` makes GET requests only, `read-write` anything its user may. */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

export const API_TOKEN_NAME_MAX = 60
/** How many tokens one account may hold at once. */
export const API_TOKENS_PER_USER = 20

export const apiTokenText = {
  title: 'API tokens',
  description:
    'Personal access tokens let your own scripts call the Coachline API as you. Send one as Authorization: Bearer <token>.',
  nameLabel: 'Token name',
  nameRequired: 'Give the token a name',
  nameTooLong: `A token name is at most ${API_TOKEN_NAME_MAX} characters`,
  scopeLabel: 'Access',
  scopeInvalid: 'Choose read or read and write',
  scopes: { read: 'Read only', 'read-write': 'Read and write' } satisfies Record<ApiTokenScope, string>,
  create: 'Create token',
  creating: 'Creating…',
  createFailedTitle: 'Could not create the token',
  created: 'Token created',
  shownOnce: 'Copy this token now: it is shown only once and cannot be recovered.',
  copy: 'Copy token',
  copied: 'Token copied',
  done: 'Done',
  none: 'No tokens yet.',
  revoke: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke this token?',
  revokeDescription: (name: string) => `Scripts using “${name}” stop working at once. This cannot be undone.`,
  revokeConfirm: 'Revoke token',
  revokeFailedTitle: 'Could not revoke the token',
  revoked: 'Token revoked',
  cancel: 'Cancel',
  neverUsed: 'Never used',
  lastUsed: (when: string) => `Last used ${when}`,
  createdOn: (when: string) => `Created ${when}`,
  docsLink: 'API reference',
  tooMany: `An account holds at most ${API_TOKENS_PER_USER} tokens: revoke one first`,
  notFound: 'No such token',
  sessionOnly: 'Only a signed-in browser session can do this, not an API token',
  readOnly: 'This API token is read-only: it may only make GET requests',
  unknownToken: 'Unknown or revoked API token',
  notForSignIn: 'API tokens do not work on the sign-in endpoints (/api/auth)',
} as const

export const CreateApiTokenBody = lazySchema(() =>
  z.object({
    name: z
      .string(apiTokenText.nameRequired)
      .check(
        z.trim(),
        z.minLength(1, apiTokenText.nameRequired),
        z.maxLength(API_TOKEN_NAME_MAX, apiTokenText.nameTooLong),
      ),
    scope: z.enum(API_TOKEN_SCOPES, apiTokenText.scopeInvalid),
  }),
)
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenBody>

/** A token as its owner sees it in the list: never its secret, only its first characters. */
export const ApiTokenSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    /** The first characters of the secret, to tell tokens apart. */
    start: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
  }),
)
export type ApiToken = z.infer<typeof ApiTokenSchema>

/** The answer to creating a token: the one time its secret is shown. */
export const CreatedApiTokenSchema = lazySchema(() => z.object({ ...ApiTokenSchema.shape, token: z.string() }))
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>
