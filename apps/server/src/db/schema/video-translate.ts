import { integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/** Prices of video translation per mode (1 lip-sync, 2 voice only); operators change them in the table. */
export const videoTranslateChannels = pgTable('video_translate_channels', {
  mode: smallint('mode').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  /** Credits per second of source video. */
  credits: integer('credits').notNull(),
  enabled: smallint('enabled').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});
