import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  /** argon2id hash; guests have none. */
  passwordHash: text('password_hash'),
  isTourist: smallint('is_tourist').notNull().default(0),
  role: varchar('role', { length: 16 }).notNull().default('user'),
  avatar: text('avatar').notNull().default(''),
  /** VIP is active while this is in the future. Written only by billing (`billingAccounts`). */
  vipExpireAt: timestamp('vip_expire_at', { withTimezone: true }),
  /** Extra storage bought with credits, in GB. Written only by the storage quota (`storageAccounts`), like the next. */
  storageExtraGb: integer('storage_extra_gb').notNull().default(0),
  /** Bytes held by the user's live files; kept in step with the files table. */
  storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Set while an operator has disabled the account: no login, no token accepted. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/**
 * Login image codes drawn by the server: only a hash of the answer is kept; a code is deleted the
 * moment it is checked (right or wrong), so each one answers a single login.
 */
export const loginCaptchas = pgTable(
  'login_captchas',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** sha256 of the id and the lower-cased answer. */
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_captchas_expires_at_idx').on(t.expiresAt)],
);
