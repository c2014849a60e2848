import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { StudioStorageUsage } from './ports.js';

/**
 * Keeps `users.storage_used_bytes` in step with what the studio stores. Never refuses: the files
 * were made from an upload that already passed the quota, and a paid render must not be lost.
 */
export const studioStorageUsage: StudioStorageUsage = {
  async add(tx, userId, bytes) {
    if (bytes <= 0) return;
    await tx
      .update(users)
      .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}::bigint` })
      .where(eq(users.id, userId));
  },
  async release(tx, userId, bytes) {
    if (bytes <= 0) return;
    await tx
      .update(users)
      .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}::bigint, 0)` })
      .where(eq(users.id, userId));
  },
};
