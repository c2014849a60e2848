import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A picture of the person-image library (type 1) or the pet library (type 2): a user's own upload
 * (source 1) or a public one (source 2, no owner), from which photo-speak and pet videos are made.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    source: smallint('source').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** The registered upload it was added from (files table), when a user or the operator uploaded it. */
    fileId: integer('file_id'),
    /** Storage key of the picture. */
    imageKey: varchar('image_key', { length: 512 }).notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** Demo pictures made at first start carry a stable key so seeding stays idempotent. */
    seedKey: varchar('seed_key', { length: 64 }).unique(),
    /** Public items only: 1 = hidden from the public library by the operator. */
    hidden: smallint('hidden').notNull().default(0),
    /** Public items only: the operator's order in the public library (smaller first). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.type, t.id),
    index('photos_public_idx')
      .on(t.type, t.id)
      .where(sql`${t.source} = 2`),
  ],
);

/** A channel that makes talking videos from one picture; names, prices and tips live here so operators can change them. */
export const photoChannels = pgTable('photo_channels', {
  api: varchar('api', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  desc: text('desc').notNull().default(''),
  versionName: varchar('version_name', { length: 32 }).notNull().default(''),
  /** Credits per second of finished video. */
  credits: integer('credits').notNull(),
  /** What the channel asks of the picture, shown when choosing it. */
  tips: text('tips').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});
