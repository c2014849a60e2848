import { integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';

/** A video channel of the studio; names and prices live here so operators can change them. */
export const videoChannels = pgTable('video_channels', {
  api: varchar('api', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  desc: text('desc').notNull().default(''),
  versionName: varchar('version_name', { length: 32 }).notNull().default(''),
  /** Credits per second of finished video. */
  credits: integer('credits').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});
