import { sql } from 'drizzle-orm'
import { check, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import type { Equipment } from '#shared/schemas/movements.ts'
import type { PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import { GYM_NAME_MAX } from '#shared/schemas/gyms.ts'
import { users } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'

/**
 * A gym profile (docs/gyms.md): a place a lifter trains, with the equipment it has and the bar
 * and plates they load there. The lifter's current gym (`profiles.gym_profile_id`) is the one the
 * plate calculator, the targets' rounding and the swap suggestions use.
 */
export const gymProfiles = pgTable(
  'gym_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    equipment: text('equipment')
      .array()
      .$type<Equipment[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    plateSetups: jsonb('plate_setups')
      .$type<PlateSetupsPatch>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the index of a lifter's gyms.
    unique('gym_profiles_name_unique').on(t.userId, t.name),
    check('gym_profiles_name_check', sql`char_length(${t.name}) between 1 and ${sql.raw(String(GYM_NAME_MAX))}`),
  ],
)
