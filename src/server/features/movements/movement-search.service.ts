/* Searching the movement library: by name and aliases for the picker, and many names at once for an import. */
import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Equipment, ListMovementsInput, Movement, MovementPage } from '#shared/schemas/movements.ts'
import type { Actor } from '#server/access/actor.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { STAPLE_SLUGS } from './builtin-movements.ts'
import { columns, toMovement, visibleTo } from './movements.service.ts'

/**
 * For each word of the query, the known words it may be a typo of (trigram similarity, on the
 * small words table): 'romanain' -> 'romanian'. One round trip for the whole query.
 */
async function correctionsFor(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const typoProne = tokens.filter((token) => token.length >= 4)
  const corrections = new Map<string, string[]>()
  if (!typoProne.length) return corrections
  const rows = await queryRows<{ token: string; word: string }>(
    db,
    sql`select t.token, w.word
      from (values ${sql.join(
        typoProne.map((token) => sql`(${token})`),
        sql`, `,
      )}) as t(token)
      cross join lateral (
        select word from search_words
        where word % t.token and word <> t.token
        order by similarity(word, t.token) desc, word
        limit 3
      ) w`,
  )
  for (const { token, word } of rows) corrections.set(token, [...(corrections.get(token) ?? []), word])
  return corrections
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * Search by name and aliases, typo-tolerant through pg_trgm, ranked as a lifter reads names, whose
 * last word says what the movement is: an exact name or alias first; then names that end with the
 * query ('squat': Back squat, Front squat); names that begin with it; aliases that begin or end
 * with it; the query anywhere; the rest (typos corrected). Among equals, the staples first
 * (STAPLE_SLUGS), then by name.
 */
export async function listMovements(db: Db, actor: Actor, input: ListMovementsInput): Promise<MovementPage> {
  const q = (input.q ?? '').toLowerCase()
  const filters: SQL[] = [visibleTo(actor)]
  filters.push(input.archived === 'only' ? isNotNull(movements.archivedAt) : isNull(movements.archivedAt))
  if (input.scope === 'builtin') filters.push(isNull(movements.ownerId))
  if (input.scope === 'own') filters.push(eq(movements.ownerId, actor.id))
  if (input.pattern) filters.push(eq(movements.pattern, input.pattern))
  if (input.equipment) filters.push(sql`${movements.equipment} @> array[${input.equipment}]::text[]`)
  if (input.muscle) {
    filters.push(
      sql`(${movements.primaryMuscles} @> array[${input.muscle}]::text[] or ${movements.secondaryMuscles} @> array[${input.muscle}]::text[])`,
    )
  }

  const order: SQL[] = []
  if (q) {
    // Every word of the query must appear, as typed or as a known word it may be a typo of.
    const tokens = [...new Set(q.split(/\s+/).filter(Boolean))]
    const corrections = await correctionsFor(db, tokens)
    for (const token of tokens) {
      const spellings = [token, ...(corrections.get(token) ?? [])]
      filters.push(
        or(...spellings.map((spelling) => sql`${movements.searchText} like ${`%${escapeLike(spelling)}%`}`)) as SQL,
      )
    }
    // Hyphens read as spaces ('pull up' is Pull-up). With the bars of search_text, exact and
    // prefix matches of any name or alias are plain LIKEs.
    const words = escapeLike(q.replaceAll('-', ' ').replace(/\s+/g, ' ').trim())
    const bars = sql`'|' || replace(${movements.searchText}, '-', ' ') || '|'`
    const name = sql`'|' || replace(lower(${movements.name}), '-', ' ')`
    order.push(sql`case
      when ${bars} like ${`%|${words}|%`} then 0
      when ${name} like ${`|% ${words}`} then 1
      when ${name} like ${`|${words}%`} then 2
      when ${bars} like ${`%|${words}%`} or ${bars} like ${`% ${words}|%`} then 3
      when ${bars} like ${`%${words}%`} then 4
      else 5 end`)
    order.push(
      sql`case when ${movements.slug} in (${sql.join(
        STAPLE_SLUGS.map((slug) => sql`${slug}`),
        sql`, `,
      )}) then 0 else 1 end`,
    )
  }

  const rows = await db
    .select(columns)
    .from(movements)
    .where(and(...filters))
    .orderBy(...order, asc(movements.name), asc(movements.id))
    .limit(input.limit + 1)
    .offset(input.offset)
  const hasMore = rows.length > input.limit
  return { items: rows.slice(0, input.limit).map(toMovement), nextOffset: hasMore ? input.offset + input.limit : null }
}

/** One name to find movements for: as written, without its equipment, and that equipment. */
export type MovementGuess = { text: string; plain: string; equipment: Equipment | null }

export type MovementSuggestion = Pick<Movement, 'id' | 'name' | 'ownerId' | 'tracking'> & { score: number }

/**
 * The movements (built-in or the actor's own, not archived) closest to each of many names, for
 * mapping another app's exercise names: pg_trgm's word similarity against names and aliases (by
 * the trigram index), then the name's own similarity, then a bonus when the equipment matches.
 * One round trip for all names, so callers send a few at a time; each gets up to `limit`, best
 * first, with its score.
 */
export async function suggestMovements(
  db: Db,
  actor: Actor,
  guesses: MovementGuess[],
  limit = 5,
): Promise<Map<number, MovementSuggestion[]>> {
  const found = new Map<number, MovementSuggestion[]>()
  if (!guesses.length) return found
  const rows = await queryRows<{
    i: number
    id: string
    name: string
    owner_id: string | null
    tracking: Movement['tracking']
    score: number
  }>(
    db,
    sql`select t.i, m.id, m.name, m.owner_id, m.tracking, m.score
      from (values ${sql.join(
        guesses.map(
          (g, i) =>
            sql`(${i}::int, ${g.text.toLowerCase()}::text, ${g.plain.toLowerCase()}::text, ${g.equipment ?? ''}::text)`,
        ),
        sql`, `,
      )}) as t(i, q, plain, equipment)
      cross join lateral (
        select id, name, owner_id, tracking,
          greatest(word_similarity(t.q, search_text), word_similarity(t.plain, search_text))
            + 0.5 * greatest(similarity(lower(name), t.q), similarity(lower(name), t.plain))
            + case when t.equipment <> '' and t.equipment = any(equipment) then 0.3 else 0 end as score
        from movements
        where (owner_id is null or owner_id = ${actor.id}) and archived_at is null
          and (t.q <% search_text or t.plain <% search_text)
        order by score desc, name
        limit ${limit}
      ) m
      order by t.i, m.score desc, m.name`,
  )
  for (const row of rows) {
    const list = found.get(row.i) ?? []
    list.push({ id: row.id, name: row.name, ownerId: row.owner_id, tracking: row.tracking, score: Number(row.score) })
    found.set(row.i, list)
  }
  return found
}
