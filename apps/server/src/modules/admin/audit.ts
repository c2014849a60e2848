import { count, desc, eq } from 'drizzle-orm';
import type { AuditRow } from '@app/contract';
import { adminAudit } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import type { AuditEntry } from '../module.js';

/** Writes one audit row; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: Db, actor: SessionUser, entry: AuditEntry): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actorName: actor.username,
    action: entry.action,
    target: entry.target.slice(0, 128),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAuditRows(
  db: Db,
  q: { action?: string; page: number; limit: number },
): Promise<{ list: AuditRow[]; total: number }> {
  const where = q.action ? eq(adminAudit.action, q.action) : undefined;
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where);
  const limit = q.limit || 20;
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.id))
    .limit(limit)
    .offset((q.page - 1) * limit);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      actor: r.actorName,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      create_time: formatDateTime(r.createdAt),
    })),
  };
}
