import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import type { ApiTokenScope } from '#shared/schemas/api-tokens.ts'
import { plateSetupsOf } from '#shared/schemas/plate-setups.ts'
import type { Profile } from '#shared/schemas/profiles.ts'
import type { AuthUser } from '#server/auth.ts'
import type { Db } from '#server/db/client.ts'
import { apiTokens, gymProfiles, profiles, users } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { incrementWindow } from '#server/lib/rate-limit.ts'

/*
 * Who is calling: the user and token behind a bearer secret, and a signed-in user's profile. The
 * sign-in middleware reads them on every call and the api-tokens and profiles features build on
 * them, so they sit here, below the features.
 */

/** Every secret starts with this, so that a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'coachline_pat_'
/** A bearer value longer than this is no token of ours: refused before it is hashed. */
const MAX_TOKEN_LENGTH = 200
/** last_used_at is written at most once a minute per token, so that a busy script costs no extra write per call. */
const LAST_USED_STEP_MS = 60_000
const RATE_WINDOW_SECONDS = 60

/**
 * 32 random bytes: a fast hash is enough to store them. Unlike a password, a secret this long
 * cannot be guessed from its hash, so the lookup is one indexed SHA-256, not a slow KDF per call.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** What a call authenticated by a token carries: its user, and which token and scope it used. */
export type TokenCaller = { user: AuthUser; token: { id: string; scope: ApiTokenScope } }

const profileColumns = {
  id: profiles.id,
  role: profiles.role,
  displayName: profiles.displayName,
  primaryGoal: profiles.primaryGoal,
  experienceLevel: profiles.experienceLevel,
  unit: profiles.unit,
  messageDigest: profiles.messageDigest,
  plateSetups: platesInUse(),
  timeZone: profiles.timeZone,
  gymId: gymProfiles.id,
  gymName: gymProfiles.name,
  gymEquipment: gymProfiles.equipment,
}

/**
 * The plates a lifter loads now: their current gym's, unit by unit over their own (a query that
 * uses it joins `gym_profiles` on `profiles.gym_profile_id`, as `withCurrentGym` does).
 */
export function platesInUse(): SQL<unknown> {
  return sql`coalesce(${profiles.plateSetups}, '{}'::jsonb) || coalesce(${gymProfiles.plateSetups}, '{}'::jsonb)`
}

/** The join `platesInUse` reads: the profile's current gym, if any. */
export const currentGymJoin = () => eq(gymProfiles.id, profiles.gymProfileId)

/** The profile, with both units' plate setups filled in (the defaults where none is stored). */
export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .leftJoin(gymProfiles, currentGymJoin())
    .where(eq(profiles.id, userId))
  if (!row) return null
  const { gymId, gymName, gymEquipment, ...profile } = row
  return {
    ...profile,
    plateSetups: plateSetupsOf(profile.plateSetups),
    gym: gymId && gymName ? { id: gymId, name: gymName, equipment: gymEquipment ?? [] } : null,
  }
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
