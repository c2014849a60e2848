import { eq } from 'drizzle-orm';
import { adminMessages } from '@app/contract';
import { billingAccounts } from '../../db/schema/billing.js';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { addDays, formatDateTime } from '../../platform/protocol/date-time.js';
import type { ConsoleKit } from '../module.js';
import { creditLedger } from './ledger.js';
import { vip } from './vip.js';

const VIP_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The account's billing row (its VIP); an unknown id is refused with the Users screen's message. */
async function billingAccount(db: Db, id: number) {
  const [found] = await db
    .select({ id: billingAccounts.id, vipExpireAt: billingAccounts.vipExpireAt })
    .from(billingAccounts)
    .where(eq(billingAccounts.id, id))
    .limit(1);
  if (!found) throw new AppError(adminMessages.userMissing);
  return found;
}

/** 'YYYY-MM-DD HH:mm:ss' in the server's time zone, checked to be a real moment; '' is none. */
function parseVip(input: string): Date | null {
  if (input.trim() === '') return null;
  const m = VIP_FORMAT.exec(input.trim());
  if (!m) throw new AppError(adminMessages.vipFormat);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(y, mo - 1, d, h, mi, s);
  if (at.getMonth() !== mo - 1 || at.getDate() !== d || h > 23 || mi > 59 || s > 59)
    throw new AppError(adminMessages.vipFormat);
  return at;
}

/** Billing's actions on the console's Users screen: credits and VIP, each audited in its transaction. */
export function consoleCredits(db: Db, { audit: recordAudit, guardTarget }: Pick<ConsoleKit, 'audit' | 'guardTarget'>) {
  return {
    /**
     * A ledger entry, never an update of a balance: a positive change grants a batch lasting `days`, a
     * negative one spends from the batches expiring first (refused when the balance is short).
     */
    async adjust(actor: SessionUser, p: { id: number; credits: number; days: number; reason: string }) {
      const reason = p.reason.trim();
      if (!reason) throw new AppError(adminMessages.reasonRequired);
      if (p.credits === 0) throw new AppError(adminMessages.adjustZero);
      await billingAccount(db, p.id);
      await guardTarget(actor, p.id, 'user.credits');
      return db.transaction(async (tx) => {
        const ledger = creditLedger(tx);
        const before = await ledger.balance(p.id);
        if (p.credits < 0 && before < -p.credits) throw new AppError(adminMessages.insufficient);
        if (p.credits > 0) await ledger.grantCredits(p.id, p.credits, addDays(new Date(), p.days), reason);
        else await ledger.spendCredits(p.id, -p.credits, reason);
        const after = await ledger.balance(p.id);
        await recordAudit(tx, actor, {
          action: 'user.credits',
          target: `user:${p.id}`,
          before: { credits: before },
          after: { credits: after, change: p.credits, reason, ...(p.credits > 0 ? { days: p.days } : {}) },
        });
        return { credits: after };
      });
    },

    async setVip(actor: SessionUser, p: { id: number; expire_time: string }) {
      const until = parseVip(p.expire_time);
      await billingAccount(db, p.id);
      await guardTarget(actor, p.id, 'user.vip');
      await db.transaction(async (tx) => {
        const before = await billingAccount(tx, p.id);
        await vip.setUntil(tx, p.id, until);
        await recordAudit(tx, actor, {
          action: 'user.vip',
          target: `user:${p.id}`,
          before: { vip_expire_time: before.vipExpireAt ? formatDateTime(before.vipExpireAt) : '' },
          after: { vip_expire_time: until ? formatDateTime(until) : '' },
        });
      });
    },
  };
}
