import { adminMessages, type CodeRow } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { ConsoleKit } from '../module.js';
import { codeBatches, codesCsv, type CodeState } from './code-batches.js';

/** Account names by id: the accounts module's, bound in modules/index.ts (billing stands below accounts). */
export type AccountNames = (db: Db, ids: number[]) => Promise<Map<number, string>>;

/** The console's Redeem codes screen: batches made, listed, exported and voided, each action audited. */
export function consoleCodes(db: Db, recordAudit: ConsoleKit['audit'], names: AccountNames) {
  const usernames = (ids: number[]) => names(db, ids);
  return {
    async create(
      actor: SessionUser,
      p: { batch: string; count: number; credits: number; days: number; vip_days?: number; expire_days?: number },
    ) {
      const batch = p.batch.trim();
      if (!batch) throw new AppError(adminMessages.batchRequired);
      return db.transaction(async (tx) => {
        const made = await codeBatches.create(tx, {
          batch,
          count: p.count,
          credits: p.credits,
          days: p.days,
          vipDays: p.vip_days,
          redeemDays: p.expire_days,
          by: actor.id,
        });
        await recordAudit(tx, actor, {
          action: 'cdkeys.create',
          target: `cdkeys:${batch}`,
          after: {
            count: made.length,
            credits: p.credits,
            days: p.days,
            vip_days: p.vip_days ?? 0,
            expire_days: p.expire_days ?? null,
          },
        });
        return { batch, count: made.length };
      });
    },

    list: (q: { batch?: string; state?: CodeState; keyword?: string; page: number; limit: number }) =>
      codeBatches.list(db, q, usernames),

    batches: () => codeBatches.batches(db),

    /** The whole batch as CSV; exporting is recorded too, since the codes are worth money. */
    async exportCsv(actor: SessionUser, batch: string): Promise<{ filename: string; csv: string }> {
      if (!(await codeBatches.exists(db, batch))) throw new AppError(adminMessages.batchMissing);
      const { list } = await codeBatches.list(db, { batch, page: 1, limit: 0 }, usernames);
      await recordAudit(db, actor, {
        action: 'cdkeys.export',
        target: `cdkeys:${batch}`,
        after: { rows: list.length },
      });
      const safeName = batch.replace(/[^\p{L}\p{N}_-]+/gu, '_');
      return { filename: `cdkeys-${safeName}.csv`, csv: codesCsv(list satisfies CodeRow[]) };
    },

    async voidUnused(actor: SessionUser, p: { batch?: string; id?: number }): Promise<number> {
      if (!p.id && !p.batch?.trim()) throw new AppError(adminMessages.batchRequired);
      return db.transaction(async (tx) => {
        const n = await codeBatches.voidUnused(tx, p.id ? { id: p.id } : { batch: p.batch!.trim() });
        if (!n) throw new AppError(adminMessages.nothingToVoid);
        await recordAudit(tx, actor, {
          action: 'cdkeys.void',
          target: p.id ? `cdkey:${p.id}` : `cdkeys:${p.batch!.trim()}`,
          after: { voided: n },
        });
        return n;
      });
    },
  };
}
