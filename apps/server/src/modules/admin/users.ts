import { adminMessages, PASSWORD_PATTERN, type AdminUserRow, type ConsoleUserDetail, type Role } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { accountConsole, type ConsoleAccount } from '../accounts/index.js';
import { creditConsole } from '../credits/index.js';
import { ownedWorksCount } from '../works/index.js';
import { ownedVoicesCount } from '../voices/index.js';
import { ownedAvatarsCount } from '../avatars/index.js';
import { readSiteSettings } from '../site/index.js';
import { recordAudit } from './audit.js';

const MB = 1024 * 1024;
const VIP_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const row = (a: ConsoleAccount, credits: number): AdminUserRow => ({
  id: a.id,
  username: a.username,
  role: a.role,
  is_tourist: a.isTourist ? 1 : 0,
  vip_expire_time: a.vipExpireAt ? formatDateTime(a.vipExpireAt) : '',
  disabled: a.disabledAt ? 1 : 0,
  credits,
  create_time: formatDateTime(a.createdAt),
  last_login_time: a.lastLoginAt ? formatDateTime(a.lastLoginAt) : '',
});

/** What an audit row keeps of an account: the facts the console can change. */
const snapshot = (a: ConsoleAccount) => ({
  role: a.role,
  vip_expire_time: a.vipExpireAt ? formatDateTime(a.vipExpireAt) : '',
  disabled: a.disabledAt ? 1 : 0,
});

async function account(db: Db, id: number): Promise<ConsoleAccount> {
  const found = await accountConsole.get(db, id);
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

/** The console's Users screen: every change is written to the audit log in the same transaction. */
export function consoleUsers(db: Db) {
  return {
    async search(q: { keyword?: string; type: 'user' | 'guest'; page: number; limit: number }) {
      const found = await accountConsole.search(db, { ...q, guests: q.type === 'guest' });
      const list = await Promise.all(found.list.map(async (a) => row(a, await creditConsole.balance(db, a.id))));
      return { list, total: found.total };
    },

    async detail(id: number): Promise<ConsoleUserDetail> {
      const a = await account(db, id);
      const [credits, { batches, log }, works, voices, avatars, site] = await Promise.all([
        creditConsole.balance(db, id),
        creditConsole.detail(db, id),
        ownedWorksCount(db, id),
        ownedVoicesCount(db, id),
        ownedAvatarsCount(db, id),
        readSiteSettings(db),
      ]);
      return {
        user: row(a, credits),
        batches: batches.map((b) => ({ id: b.id, credits: b.credits, expire_time: formatDateTime(b.expireAt) })),
        log: log.map((l) => ({
          action_name: l.actionName,
          credits: l.credits,
          create_time: formatDateTime(l.createdAt),
        })),
        storage: {
          used_mb: Math.round((a.storageUsedBytes / MB) * 100) / 100,
          total_gb: site.storage_base_gb + a.storageExtraGb,
        },
        counts: { works, voices, avatars },
      };
    },

    /** A ledger entry, never an update of a balance: a grant lasting `days`, or spending from the batches. */
    async adjustCredits(actor: SessionUser, p: { id: number; credits: number; days: number; reason: string }) {
      const reason = p.reason.trim();
      if (!reason) throw new AppError(adminMessages.reasonRequired);
      if (p.credits === 0) throw new AppError(adminMessages.adjustZero);
      await account(db, p.id);
      return db.transaction(async (tx) => {
        const before = await creditConsole.balance(tx, p.id);
        if (p.credits < 0 && before < -p.credits) throw new AppError(adminMessages.insufficient);
        await creditConsole.adjust(tx, p.id, p.credits, reason, p.days);
        const after = await creditConsole.balance(tx, p.id);
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
      await db.transaction(async (tx) => {
        const before = await account(tx, p.id);
        await accountConsole.setVipUntil(tx, p.id, until);
        await recordAudit(tx, actor, {
          action: 'user.vip',
          target: `user:${p.id}`,
          before: { vip_expire_time: snapshot(before).vip_expire_time },
          after: { vip_expire_time: until ? formatDateTime(until) : '' },
        });
      });
    },

    /** The password itself never reaches the audit log. */
    async resetPassword(actor: SessionUser, p: { id: number; password: string }) {
      if (!PASSWORD_PATTERN.test(p.password)) throw new AppError(adminMessages.passwordRule);
      const a = await account(db, p.id);
      if (a.isTourist) throw new AppError(adminMessages.guestPassword);
      await db.transaction(async (tx) => {
        await accountConsole.setPassword(tx, p.id, p.password);
        await recordAudit(tx, actor, {
          action: 'user.password',
          target: `user:${p.id}`,
          after: { sessions: 'revoked' },
        });
      });
      accountConsole.forgetCachedSessions(db, p.id);
    },

    async setDisabled(actor: SessionUser, p: { id: number; disabled: boolean }) {
      if (p.id === actor.id && p.disabled) throw new AppError(adminMessages.selfDisable);
      await db.transaction(async (tx) => {
        const before = await account(tx, p.id);
        await accountConsole.setDisabled(tx, p.id, p.disabled);
        await recordAudit(tx, actor, {
          action: p.disabled ? 'user.disable' : 'user.enable',
          target: `user:${p.id}`,
          before: { disabled: snapshot(before).disabled },
          after: { disabled: p.disabled ? 1 : 0 },
        });
      });
      accountConsole.forgetCachedSessions(db, p.id);
    },

    async setRole(actor: SessionUser, p: { id: number; role: Role }) {
      if (p.id === actor.id) throw new AppError(adminMessages.selfRole);
      await db.transaction(async (tx) => {
        const before = await account(tx, p.id);
        if (before.isTourist && p.role !== 'user') throw new AppError(adminMessages.guestRole);
        await accountConsole.setRole(tx, p.id, p.role);
        await recordAudit(tx, actor, {
          action: 'user.role',
          target: `user:${p.id}`,
          before: { role: before.role },
          after: { role: p.role },
        });
      });
      accountConsole.forgetCachedSessions(db, p.id);
    },
  };
}
