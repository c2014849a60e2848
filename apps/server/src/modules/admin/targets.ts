import { adminMessages, type AuditAction } from '@app/contract';
import type { SessionUser } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { accountRows } from '../accounts/index.js';
import { recordAudit } from './audit.js';

/**
 * Who may change whom in the console. An operator manages users, never an administrator or another
 * operator; an administrator's account is changed by nobody but itself (its password, status, role,
 * credits). A refused attempt is written to the audit log, outside any transaction, so it stays.
 */
export async function guardTarget(db: Db, actor: SessionUser, targetId: number, action: AuditAction): Promise<void> {
  if (targetId === actor.id) return;
  const role = await accountRows.role(db, targetId);
  const refused = role === 'admin' || (role === 'operator' && actor.role !== 'admin');
  if (!refused) return;
  await recordAudit(db, actor, { action: 'user.refused', target: `user:${targetId}`, after: { action, role } });
  throw new AppError(role === 'admin' ? adminMessages.adminProtected : adminMessages.staffProtected);
}
