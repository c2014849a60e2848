import { adminMessages, PASSWORD_PATTERN, type AdminUserRow, type ConsoleUserDetail, type Role } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { creditConsole } from '../billing/index.js';
import { readSiteSettings } from '../site/index.js';
import type { ConsoleKit } from '../module.js';
import { accountConsole, type ConsoleAccount } from './console.js';

const MB = 1024 * 1024;

/** How many of something an account owns, counted by the module that keeps it. */
export type OwnedCount = (db: Db, userId: number) => Promise<number>;

/**
 * What an account owns in the modules that stand above accounts (they read accounts, so accounts may
 * not import them): counted by each, handed over in modules/index.ts.
 */
export interface AccountHoldings {
  works: OwnedCount;
  voices: OwnedCount;
  avatars: OwnedCount;
}

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

async function account(db: Db, id: number): Promise<ConsoleAccount> {
  const found = await accountConsole.get(db, id);
  if (!found) throw new AppError(adminMessages.userMissing);
  return found;
}

/**
 * The console's Users screen: search, detail, password, disable and role. Every change is written to
 * the audit log in the same transaction; credits and VIP are billing's actions on the same screen.
 */
export function consoleUsers(
  db: Db,
  { audit: recordAudit, guardTarget }: Pick<ConsoleKit, 'audit' | 'guardTarget'>,
  holdings: AccountHoldings,
) {
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
        holdings.works(db, id),
        holdings.voices(db, id),
        holdings.avatars(db, id),
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

    /** The password itself never reaches the audit log. */
    async resetPassword(actor: SessionUser, p: { id: number; password: string }) {
      if (!PASSWORD_PATTERN.test(p.password)) throw new AppError(adminMessages.passwordRule);
      const a = await account(db, p.id);
      await guardTarget(actor, p.id, 'user.password');
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
      await account(db, p.id);
      await guardTarget(actor, p.id, p.disabled ? 'user.disable' : 'user.enable');
      await db.transaction(async (tx) => {
        const before = await account(tx, p.id);
        await accountConsole.setDisabled(tx, p.id, p.disabled);
        await recordAudit(tx, actor, {
          action: p.disabled ? 'user.disable' : 'user.enable',
          target: `user:${p.id}`,
          before: { disabled: before.disabledAt ? 1 : 0 },
          after: { disabled: p.disabled ? 1 : 0 },
        });
      });
      accountConsole.forgetCachedSessions(db, p.id);
    },

    async setRole(actor: SessionUser, p: { id: number; role: Role }) {
      if (p.id === actor.id) throw new AppError(adminMessages.selfRole);
      await account(db, p.id);
      await guardTarget(actor, p.id, 'user.role');
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
