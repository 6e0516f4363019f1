import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import {
  PATTERNS,
  TRACKING,
  type Equipment,
  type Muscle,
  type Pattern,
  type Tracking,
} from '#shared/schemas/movements.ts'
import { users } from './auth.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'

/** The built-in library (owner_id null, keyed by slug) and every coach's own movements. */
export const movements = pgTable(
  'movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').unique(),
    name: text('name').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pattern: text('pattern').$type<Pattern>().notNull(),
    primaryMuscles: text('primary_muscles')
      .array()
      .$type<Muscle[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    secondaryMuscles: text('secondary_muscles')
      .array()
      .$type<Muscle[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    equipment: text('equipment')
      .array()
      .$type<Equipment[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    tracking: text('tracking').$type<Tracking>().notNull(),
    unilateral: boolean('unilateral').notNull().default(false),
    instructions: text('instructions').notNull().default(''),
    videoUrl: text('video_url'),
    /** Lowercased name and aliases: what search matches, with a trigram index. */
    searchText: text('search_text').notNull(),
    copiedFromId: uuid('copied_from_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('movements_pattern_check', t.pattern, PATTERNS),
    oneOf('movements_tracking_check', t.tracking, TRACKING),
    check('movements_builtin_has_slug', sql`(${t.ownerId} is null) = (${t.slug} is not null)`),
    index('movements_owner_idx').on(t.ownerId, t.archivedAt),
    index('movements_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/**
 * Every word of every movement name and alias: typo tolerance looks up a mistyped word here
 * (a few thousand rows, trigram-indexed) instead of comparing it with every movement.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
])
