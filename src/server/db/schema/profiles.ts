import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['coach', 'client'] }).notNull().default('client'),
  displayName: text('display_name').notNull().default(''),
  primaryGoal: text('primary_goal'),
  experienceLevel: text('experience_level', { enum: ['Beginner', 'Intermediate', 'Advanced'] }),
  unit: text('unit', { enum: ['kg', 'lb'] }).notNull().default('kg'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}, (t) => [
  check('profiles_role_check', sql`${t.role} in ('coach', 'client')`),
  check('profiles_experience_level_check', sql`${t.experienceLevel} in ('Beginner', 'Intermediate', 'Advanced')`),
  check('profiles_unit_check', sql`${t.unit} in ('kg', 'lb')`),
])
