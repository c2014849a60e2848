import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountMessages, creditActions } from '@app/contract';
import { redeemCodes } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { readSiteSettings } from '../site/index.js';
import { addDays } from '../../platform/protocol/date-time.js';
import { creditLedger } from './ledger.js';
import { vip } from './vip.js';

/** No 0/O, 1/I: codes are read off cards and typed by hand. 32 symbols, 16 of them = 80 random bits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export function newRedeemCode(): string {
  // 256 is a multiple of 32, so masking keeps every symbol equally likely.
  return [...randomBytes(CODE_LENGTH)].map((b) => CODE_ALPHABET[b & 31]).join('');
}

/** What people type: any case, with spaces or dashes from a printed card. */
export const normalizeRedeemCode = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

export interface RedeemCodeSpec {
  credits: number;
  count: number;
  /** How long the granted credits last. */
  days: number;
  vipDays?: number;
  createdBy?: number | null;
  note?: string;
  /** The operator's batch label. */
  batch?: string;
  /** Days the codes can be redeemed; the site's `redeem_code_days` by default. */
  redeemDays?: number;
}

/**
 * Makes `count` new unique codes in one transaction; they can be redeemed for `redeemDays` (or the
 * site's `redeem_code_days`). The codes go in as one text parameter that the database splits: a
 * statement with nine parameters a row took seconds to build, send and parse for a 10,000 batch.
 */
export async function createRedeemCodes(db: Db, spec: RedeemCodeSpec): Promise<string[]> {
  const { redeem_code_days } = await readSiteSettings(db);
  const expiresAt = addDays(new Date(), spec.redeemDays ?? redeem_code_days).toISOString();
  return db.transaction(async (tx) => {
    const made: string[] = [];
    // A collision of 80-bit codes is practically impossible; if one happens, that code is simply drawn again.
    while (made.length < spec.count) {
      // The alphabet has no comma, so the list splits back into exactly these codes.
      const codes = Array.from({ length: spec.count - made.length }, newRedeemCode).join(',');
      const inserted = await tx.execute(sql`
        insert into ${redeemCodes} (code, credits, credit_days, vip_days, expires_at, note, batch, created_by)
        select c, ${spec.credits}::int, ${spec.days}::int, ${spec.vipDays ?? 0}::int, ${expiresAt}::timestamptz,
          ${spec.note ?? ''}, ${spec.batch ?? ''}, ${spec.createdBy ?? null}::int
        from unnest(string_to_array(${codes}, ',')) as c
        on conflict (code) do nothing
        returning code`);
      // node-postgres and PGlite both answer with the rows under `rows`.
      made.push(...(inserted as unknown as { rows: { code: string }[] }).rows.map((r) => r.code));
    }
    return made;
  });
}

/**
 * Redeems a code for an account inside the caller's transaction: grants its credits as a batch,
 * extends VIP by its days, and marks it used. The claim is one conditional update, so a code
 * redeemed twice at once succeeds once. Refuses with the unknown / used / expired message.
 */
export async function redeemCodeFor(
  tx: Db,
  userId: number,
  input: string,
  now = new Date(),
): Promise<{ credits: number; vipDays: number }> {
  const code = normalizeRedeemCode(input);
  if (!code) throw new AppError(accountMessages.codeRequired);
  const [claimed] = await tx
    .update(redeemCodes)
    .set({ usedBy: userId, usedAt: now })
    .where(
      and(
        eq(redeemCodes.code, code),
        isNull(redeemCodes.usedAt),
        isNull(redeemCodes.voidedAt),
        gt(redeemCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) {
    const [known] = await tx
      .select({ usedAt: redeemCodes.usedAt, voidedAt: redeemCodes.voidedAt })
      .from(redeemCodes)
      .where(eq(redeemCodes.code, code))
      .limit(1);
    // A voided code is answered like one that never existed: it was withdrawn before it was sold.
    if (!known || (known.voidedAt && !known.usedAt)) throw new AppError(accountMessages.codeUnknown);
    throw new AppError(known.usedAt ? accountMessages.codeUsed : accountMessages.codeExpired);
  }
  await creditLedger(tx).grantCredits(userId, claimed.credits, addDays(now, claimed.creditDays), creditActions.redeem);
  if (claimed.vipDays > 0) await vip.extend(tx, userId, claimed.vipDays, now);
  return { credits: claimed.credits, vipDays: claimed.vipDays };
}

/** The first-start demo code while it is still unused, for the start log. */
export async function unusedDemoCode(db: Db) {
  const [row] = await db
    .select({
      code: redeemCodes.code,
      credits: redeemCodes.credits,
      days: redeemCodes.creditDays,
      vipDays: redeemCodes.vipDays,
    })
    .from(redeemCodes)
    .where(and(eq(redeemCodes.note, 'demo'), isNull(redeemCodes.usedAt), gt(redeemCodes.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
