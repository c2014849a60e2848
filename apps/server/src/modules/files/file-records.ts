import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { storageUsage } from '../storage-quota/index.js';
import { materialsRepo } from './materials-repo.js';
import { filesRepo, type FileRecord } from './repo.js';

export type FileRow = FileRecord;

/** A file the app itself made for a user (e.g. a trial synthesis), stored and registered in one go. */
export interface GeneratedFile {
  key: string;
  localPath: string;
  kind: 'voice' | 'video' | 'image';
  mime: string;
  /** Seconds, as probed by the maker. */
  duration: number;
}

/** File records as other features read and write them; ownership is part of every user lookup. */
export const fileRecords = {
  owned: (db: Db, userId: number, id: number): Promise<FileRow | null> => filesRepo.findOwned(db, userId, id),
  async byId(db: Db, id: number): Promise<FileRow | null> {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ?? null;
  },

  /** Storage keys of records by id, for lists that show many at once. */
  async keysByIds(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: files.id, key: files.key }).from(files).where(inArray(files.id, ids));
    return new Map(rows.map((r) => [r.id, r.key]));
  },

  /**
   * Deletes a user's registered upload inside `tx` and gives its bytes back to the owner's storage,
   * unless a material of the files library still shows it. Returns whether it went; the caller removes
   * the stored object (`removeObject`) once `tx` has committed.
   */
  async releaseUnlessShown(tx: Db, file: FileRow): Promise<boolean> {
    if ((await materialsRepo.countForFile(tx, file.id)) > 0) return false;
    await filesRepo.remove(tx, file.id);
    await storageUsage.release(tx, file.userId, file.size);
    return true;
  },

  /** Removes a stored object whose record is gone; a failure is logged, the record stays gone. */
  async removeObject(ctx: AppContext, key: string): Promise<void> {
    await ctx.storage
      .delete(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'stored object could not be removed'));
  },

  /** Stores a generated file as the user's own and registers it; a second call for the same key returns the first record. */
  async registerGenerated(ctx: AppContext, userId: number, f: GeneratedFile): Promise<FileRow> {
    const content = await fs.promises.readFile(f.localPath);
    const size = content.length;
    const sha256 = createHash('sha256').update(content).digest('hex');
    await ctx.storage.putFile(f.key, f.localPath);
    return ctx.database.db.transaction(async (tx) => {
      const existing = await filesRepo.findByKey(tx, f.key);
      if (existing) return existing;
      const row = await filesRepo.insert(tx, {
        userId,
        kind: f.kind,
        key: f.key,
        mime: f.mime,
        size,
        duration: f.duration,
        sha256,
      });
      // Made by the app at the user's request: it counts towards used storage but is never refused for it.
      await storageUsage.add(tx, userId, size);
      return row;
    });
  },
};
