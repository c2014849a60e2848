import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { works } from './works.js';

/** A batch: talking videos submitted at once from one spreadsheet. */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** The rows as submitted, hashed: the same sheet sent again at once (a double click) is the same batch. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('batches_user_idx').on(t.userId, t.id)],
);

/** One row of a batch and the work it became (null once the user deleted that work). */
export const batchRows = pgTable(
  'batch_rows',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** Its number in the sheet: the first row under the header is 1. */
    rowNo: integer('row_no').notNull(),
    /** The name column, as the ZIP names the row's video. */
    name: varchar('name', { length: 200 }).notNull(),
    workId: integer('work_id').references(() => works.id, { onDelete: 'set null' }),
    /** Why the row could not be submitted (its video was never made); null when it was. */
    error: varchar('error', { length: 255 }),
  },
  (t) => [uniqueIndex('batch_rows_row_idx').on(t.batchId, t.rowNo)],
);
