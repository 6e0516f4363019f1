import { and, count, desc, eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import {
  API_TOKENS_PER_USER,
  apiTokenText,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '#shared/schemas/api-tokens.ts'
import type { Db } from '#server/db/client.ts'
import { apiTokens, users } from '#server/db/schema/index.ts'
import { hashToken, TOKEN_PREFIX } from '#server/access/callers.ts'
import { AppError } from '#server/lib/app-error.ts'

/** How much of the secret the owner's list shows: the prefix and a few random characters. */
const START_LENGTH = TOKEN_PREFIX.length + 6

const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`

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
