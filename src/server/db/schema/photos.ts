import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { POSES } from '#shared/schemas/progress-photos.ts'
import { users } from './auth.ts'
import { createdAt, oneOf } from './columns.ts'

/**
 * A lifter's progress photo: one pose on one day. The image itself is in the photo storage
 * (the data folder, or S3-compatible object storage), under a key made of the lifter's id and
 * this row's id, in two sizes (docs/progress-photos.md). A row exists only once its files do.
 */
export const progressPhotos = pgTable(
  'progress_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text('pose', { enum: POSES }).notNull(),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    /** The display size's pixels (the thumbnail keeps the same shape). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Both stored files together, for the storage a lifter uses. */
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('progress_photos_pose', t.pose, POSES),
    index('progress_photos_client_idx').on(t.clientId, t.takenOn.desc(), t.id.desc()),
  ],
)
