import { eq, sql } from 'drizzle-orm';
import { filesMessages } from '@app/contract';
import { uploadLandings } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { alreadyExists, type UploadAdmission } from '../../platform/storage/upload-host.js';
import { OssRefusal } from '../../platform/storage/upload-policy.js';
import { lockPayer } from '../billing/index.js';
import { storageUsage } from '../storage-quota/index.js';

/** The account whose folder a key is in (`users/{id}/…`), or null for any other key. */
export function ownerOfKey(key: string): number | null {
  const m = /^users\/(\d+)\//.exec(key);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const refused = (message: string) => new OssRefusal(403, 'AccessDenied', message);

/**
 * Admits a browser post to the local store: its bytes count against the account's storage at once
 * (refused with 存储空间不足… when they do not fit), and the account's posted-but-unregistered bytes
 * may not pass UPLOAD_UNREGISTERED_MAX_BYTES. The account row is locked first, so parallel posts of
 * one account are counted one after another and cannot all slip under the cap.
 */
export const admitLanding =
  (ctx: AppContext): UploadAdmission =>
  async (key, bytes) => {
    const userId = ownerOfKey(key);
    // The policy signs the folder; only users' folders are handed out.
    if (userId === null) throw refused('Uploads go to a user folder.');
    const db = ctx.database.db;
    try {
      await db.transaction(async (tx) => {
        await lockPayer(tx, userId);
        // Two posts to one new key at once: the one admitted first has it.
        const [taken] = await tx.select().from(uploadLandings).where(eq(uploadLandings.key, key));
        if (taken) throw alreadyExists();
        const [pending] = await tx
          .select({ bytes: sql<string>`coalesce(sum(${uploadLandings.bytes}), 0)` })
          .from(uploadLandings)
          .where(eq(uploadLandings.userId, userId));
        if (Number(pending?.bytes ?? 0) + bytes > ctx.config.UPLOAD_UNREGISTERED_MAX_BYTES)
          throw new AppError(filesMessages.tooManyUnregistered);
        await storageUsage.charge(tx, userId, bytes);
        await tx.insert(uploadLandings).values({ key, userId, bytes });
      });
    } catch (e) {
      if (e instanceof OssRefusal) throw e;
      if (e instanceof AppError) throw refused(e.message);
      // The account is gone (lockPayer found no row), or the key was admitted twice at once.
      throw refused('The upload could not be admitted.');
    }
    return () => db.transaction((tx) => endLanding(tx, key)).then(() => undefined);
  };

/**
 * Ends a key's landing inside `tx` and gives back the bytes it counted; returns them (0 when the key
 * had none: posted before landings were kept, put by the server itself, or in a remote store).
 */
export async function endLanding(tx: Db, key: string): Promise<number> {
  const [gone] = await tx.delete(uploadLandings).where(eq(uploadLandings.key, key)).returning();
  if (!gone) return 0;
  await storageUsage.release(tx, gone.userId, gone.bytes);
  return gone.bytes;
}
