import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import {
  API_TOKENS_PER_USER,
  apiTokenText,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '#shared/schemas/api-tokens.ts'
import type { AuthUser } from '#server/auth.ts'
import type { Db } from '#server/db/client.ts'
import { apiTokens, users } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { incrementWindow } from '#server/lib/rate-limit.ts'

/** Every secret starts with this, so that a leaked one is recognisable (secret scanners, logs). */
const TOKEN_PREFIX = 'coachline_pat_'
/** How much of the secret the owner's list shows: the prefix and a few random characters. */
const START_LENGTH = TOKEN_PREFIX.length + 6
/** A bearer value longer than this is no token of ours: refused before it is hashed. */
const MAX_TOKEN_LENGTH = 200
/** last_used_at is written at most once a minute per token, so that a busy script costs no extra write per call. */
const LAST_USED_STEP_MS = 60_000
const RATE_WINDOW_SECONDS = 60

/**
 * 32 random bytes: a fast hash is enough to store them. Unlike a password, a secret this long
 * cannot be guessed from its hash, so the lookup is one indexed SHA-256, not a slow KDF per call.
 */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`

/** What a call authenticated by a token carries: its user, and which token and scope it used. */
export type TokenCaller = { user: AuthUser; token: { id: string; scope: ApiTokenScope } }

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  start: apiTokens.start,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
}
type Row = { id: string; name: string; scope: ApiTokenScope; start: string; createdAt: Date; lastUsedAt: Date | null }
const toApiToken = (row: Row): ApiToken => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select(listColumns)
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
  return rows.map(toApiToken)
}

/** Makes a token; the answer is the only time its secret leaves the server. */
export async function createApiToken(db: Db, userId: string, input: CreateApiTokenInput): Promise<CreatedApiToken> {
  const token = newToken()
  return db.transaction(async (tx) => {
    // The user's row lock makes the cap hold against concurrent creates.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`)
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
    if ((held?.n ?? 0) >= API_TOKENS_PER_USER) throw new AppError('CONFLICT', { message: apiTokenText.tooMany })
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(token),
        start: token.slice(0, START_LENGTH),
      })
      .returning(listColumns)
    if (!row) throw new Error('insert returned no row')
    return { ...toApiToken(row), token }
  })
}

/** Revoking deletes the token: every server refuses it from the next call on (nothing caches tokens). */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: apiTokenText.notFound })
}

/** The user and token of a bearer secret, or null for an unknown or revoked one. */
export async function findTokenCaller(db: Db, secret: string, now = new Date()): Promise<TokenCaller | null> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > MAX_TOKEN_LENGTH) return null
  const [row] = await db
    .select({ user: users, id: apiTokens.id, scope: apiTokens.scope, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(secret)))
  if (!row) return null
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    const stale = new Date(now.getTime() - LAST_USED_STEP_MS)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))))
  }
  return { user: row.user, token: { id: row.id, scope: row.scope } }
}

/** Whether a token still exists: a long-lived stream opened with it ends once it is revoked. */
export async function tokenExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, id))
  return rows.length > 0
}

/** Counts one call of a token in its one-minute window; past `perMinute`, a 429 that says when to retry. */
export async function countTokenCall(db: Db, tokenId: string, perMinute: number): Promise<void> {
  const { count: calls, resetInSeconds } = await incrementWindow(db, `api-token:${tokenId}`, RATE_WINDOW_SECONDS)
  if (calls > perMinute) {
    throw new AppError('RATE_LIMITED', {
      message: `Too many requests: an API token may make ${perMinute} requests a minute. Try again in ${resetInSeconds} s.`,
      retryAfterSeconds: resetInSeconds,
    })
  }
}
