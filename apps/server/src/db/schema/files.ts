import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** An object in storage that a user registered after upload; its size counts against their quota. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** video | voice | image: the upload rules it passed. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Object key in storage; one record per object. */
    key: varchar('key', { length: 512 }).notNull().unique(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Seconds; 0 for images. */
    duration: doublePrecision('duration').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** Recorded with an HDR transfer (PQ/HLG); avatar cloning refuses those. */
    hdr: boolean('hdr').notNull().default(false),
    /** Codec of the main stream as ffprobe names it (h264, aac, png…); checked against what we can play. */
    codec: varchar('codec', { length: 32 }).notNull().default(''),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_user_idx').on(t.userId, t.kind)],
);

/** An entry of "my materials": an uploaded file or an extraction result, under a name. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** image | video | audio */
    type: varchar('type', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** upload | analyse */
    source: varchar('source', { length: 16 }).notNull().default('upload'),
    /** The extraction record it was saved from (source analyse). */
    recordId: integer('record_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('materials_user_type_idx').on(t.userId, t.type, t.id)],
);

/**
 * An object posted to the local store and not yet registered: its bytes count against the account's
 * storage from the moment it lands, and the account's unregistered bytes are capped. Registering the
 * object, or the sweep removing it, ends the entry.
 */
export const uploadLandings = pgTable(
  'upload_landings',
  {
    key: varchar('key', { length: 512 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_landings_user_idx').on(t.userId)],
);
