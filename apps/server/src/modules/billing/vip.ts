import { eq, inArray, sql } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema/billing.js';
import type { Db } from '../../platform/db/client.js';

/** An account's VIP: the one keeper of `users.vip_expire_at` (granted by redeem codes, set by operators). */
export const vip = {
  /** When each account's VIP ends (null: none or never had one). */
  async until(db: Db, userIds: number[]): Promise<Map<number, Date | null>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .select({ id: billingAccounts.id, vipExpireAt: billingAccounts.vipExpireAt })
      .from(billingAccounts)
      .where(inArray(billingAccounts.id, userIds));
    return new Map(rows.map((r) => [r.id, r.vipExpireAt]));
  },

  /** VIP days add to a VIP that is still running, or start at `now`. */
  async extend(tx: Db, userId: number, days: number, now: Date): Promise<void> {
    const at = sql`${now.toISOString()}::timestamptz`;
    await tx
      .update(billingAccounts)
      .set({
        vipExpireAt: sql`greatest(coalesce(${billingAccounts.vipExpireAt}, ${at}), ${at}) + make_interval(days => ${days}::int)`,
        updatedAt: now,
      })
      .where(eq(billingAccounts.id, userId));
  },

  /** An operator's setting: VIP until `until`, or none. */
  async setUntil(db: Db, userId: number, until: Date | null): Promise<void> {
    await db.update(billingAccounts).set({ vipExpireAt: until, updatedAt: new Date() }).where(eq(billingAccounts.id, userId));
  },
};
