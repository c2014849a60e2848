import { bigint, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { files } from './files.js';

/**
 * One extraction a user asked for: the video behind a share link ('video'), or the audio of a linked
 * or uploaded video ('audio'). The result is a registered file of the owner; the record keeps what
 * the list shows and what the bill needs.
 */
export const analyseRecords = pgTable(
  'analyse_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'video' or 'audio'. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** 1 from a link, 2 from an uploaded video (audio only). */
    sourceType: smallint('source_type').notNull().default(1),
    /** The link found in what was pasted; '' for an upload. */
    link: text('link').notNull().default(''),
    /** The uploaded video audio is taken from (source 2). */
    sourceFileId: integer('source_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** 1 processing, 3 success, 4 failed. */
    status: smallint('status').notNull().default(1),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** The stored result and its cover picture, once it succeeded. */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    coverKey: varchar('cover_key', { length: 512 }).notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Seconds, as probed. */
    duration: doublePrecision('duration').notNull().default(0),
    /** Which resolver found the media ('yt-dlp', 'parse-service', 'upload'). */
    resolver: varchar('resolver', { length: 32 }).notNull().default(''),
    /** 1 when it used one of the day's free extractions (nothing held), 0 when paid. */
    free: smallint('free').notNull().default(0),
    creditsHeld: integer('credits_held').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** Ledger key of its hold. */
    jobKey: varchar('job_key', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('analyse_records_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);
