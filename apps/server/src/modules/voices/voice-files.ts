import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { storageUsage } from '../credits/index.js';

export type FileRow = typeof files.$inferSelect;

/** The file records voices read and write: recordings to clone from, trial syntheses to play. */
export const voiceFiles = {
  async owned(db: Db, userId: number, id: number): Promise<FileRow | null> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  async byId(db: Db, id: number): Promise<FileRow | null> {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ?? null;
  },

  /** Stores a synthesized clip as the user's file and registers it with its probed duration. */
  async registerSpeech(
    ctx: AppContext,
    userId: number,
    key: string,
    localPath: string,
    duration: number,
  ): Promise<FileRow> {
    const content = await fs.promises.readFile(localPath);
    const size = content.length;
    const sha256 = createHash('sha256').update(content).digest('hex');
    await ctx.storage.putFile(key, localPath);
    return ctx.database.db.transaction(async (tx) => {
      const existing = await tx.select().from(files).where(eq(files.key, key)).limit(1);
      if (existing[0]) return existing[0];
      const [row] = await tx
        .insert(files)
        .values({ userId, kind: 'voice', key, mime: 'audio/mp4', size, duration, sha256 })
        .returning();
      if (!row) throw new Error('file insert returned nothing');
      // Counted against the owner's quota like any file they keep; refused with 存储空间不足 when full.
      await storageUsage.charge(tx, userId, size);
      return row;
    });
  },

  url(ctx: AppContext, key: string): string {
    return key.startsWith('public/')
      ? ctx.storage.publicUrl(key)
      : ctx.storage.signedUrl(key, { expiresIn: ctx.config.FILE_URL_TTL_SECONDS });
  },
};
