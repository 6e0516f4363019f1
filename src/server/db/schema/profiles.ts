import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core'
import type { PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import { TIME_ZONE_MAX } from '#shared/schemas/profile-update.ts'
import { EXPERIENCE_LEVELS, ROLES, UNITS } from '#shared/schemas/profiles.ts'
import { users } from './auth.ts'
import { gymProfiles } from './gyms.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['coach', 'client'] })
      .notNull()
      .default('client'),
    displayName: text('display_name').notNull().default(''),
    primaryGoal: text('primary_goal'),
    experienceLevel: text('experience_level', { enum: ['Beginner', 'Intermediate', 'Advanced'] }),
    unit: text('unit', { enum: ['kg', 'lb'] })
      .notNull()
      .default('kg'),
    messageDigest: boolean('message_digest').notNull().default(true),
    /** The lifter's bar, plates and plate step, per unit; a unit without one uses the defaults (plate-setups.ts). */
    plateSetups: jsonb('plate_setups').$type<PlateSetupsPatch>(),
    /** The gym the lifter trains at now: its plates stand in for `plate_setups`, its equipment limits swaps. */
    gymProfileId: uuid('gym_profile_id').references(() => gymProfiles.id, { onDelete: 'set null' }),
    /** The IANA time zone of the lifter's device (Europe/Berlin), as the app last reported it: their calendar days. */
    timeZone: text('time_zone'),
    /** Quiet hours in the person's time zone, in minutes after midnight (start to end, across midnight when start > end); none when null. */
    quietHoursStart: smallint('quiet_hours_start'),
    quietHoursEnd: smallint('quiet_hours_end'),
    /** When today's workout is announced on a training day, in minutes after midnight; never when null. */
    workoutReminderMinute: smallint('workout_reminder_minute'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('profiles_role_check', t.role, ROLES),
    oneOf('profiles_experience_level_check', t.experienceLevel, EXPERIENCE_LEVELS),
    oneOf('profiles_unit_check', t.unit, UNITS),
    check('profiles_time_zone_check', sql`char_length(${t.timeZone}) <= ${sql.raw(String(TIME_ZONE_MAX))}`),
    check(
      'profiles_quiet_hours_check',
      sql`(${t.quietHoursStart} is null) = (${t.quietHoursEnd} is null) and ${t.quietHoursStart} between 0 and 1439 and ${t.quietHoursEnd} between 0 and 1439`,
    ),
    check('profiles_workout_reminder_check', sql`${t.workoutReminderMinute} between 0 and 1439`),
    // A gym removed clears the profiles that chose it.
    index('profiles_gym_profile_idx').on(t.gymProfileId),
  ],
)
