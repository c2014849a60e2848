import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { creditBatches, creditLogs, creditReservations, type ReservationSource } from '../../db/schema/index.js';
import { billingAccounts } from '../../db/schema/billing.js';

/** Serialises every balance change of one account: the account row is locked first, then its batches. */
export async function lockAccount(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: billingAccounts.id })
    .from(billingAccounts)
    .where(eq(billingAccounts.id, userId))
    .for('update');
  return rows.length > 0;
}

/** Usable batches (not expired, credits left), soonest expiry first. */
export function usableBatches(db: Db, userId: number, now: Date) {
  return db
    .select({ id: creditBatches.id, creditsLeft: creditBatches.creditsLeft, expireAt: creditBatches.expireAt })
    .from(creditBatches)
    .where(
      and(
        eq(creditBatches.userId, userId),
        isNull(creditBatches.expiredAt),
        gt(creditBatches.expireAt, now),
        gt(creditBatches.creditsLeft, 0),
      ),
    )
    .orderBy(asc(creditBatches.expireAt), asc(creditBatches.id));
}

/** The usable batches locked for the spending transaction. */
export const usableBatchesForUpdate = (tx: Db, userId: number, now: Date) =>
  usableBatches(tx, userId, now).for('update');

export async function sumUsable(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditBatches.creditsLeft}), 0)` })
    .from(creditBatches)
    .where(and(eq(creditBatches.userId, userId), isNull(creditBatches.expiredAt), gt(creditBatches.expireAt, now)));
  return Number(row?.total ?? 0);
}

export async function insertBatch(
  tx: Db,
  userId: number,
  credits: number,
  expireAt: Date,
  actionName: string,
): Promise<number> {
  const [row] = await tx
    .insert(creditBatches)
    .values({ userId, credits, creditsLeft: credits, expireAt, actionName })
    .returning({ id: creditBatches.id });
  if (!row) throw new Error('credit batch insert returned nothing');
  return row.id;
}

export async function changeBatch(tx: Db, batchId: number, delta: number): Promise<void> {
  await tx
    .update(creditBatches)
    .set({ creditsLeft: sql`${creditBatches.creditsLeft} + ${delta}` })
    .where(eq(creditBatches.id, batchId));
}

export function batchesByIdForUpdate(tx: Db, ids: number[]) {
  return tx
    .select({ id: creditBatches.id, expiredAt: creditBatches.expiredAt })
    .from(creditBatches)
    .where(inArray(creditBatches.id, ids))
    .for('update');
}

export async function writeLog(
  tx: Db,
  row: { userId: number; actionName: string; credits: number; jobKey?: string | null; createdAt?: Date },
): Promise<void> {
  await tx.insert(creditLogs).values(row);
}

export async function findReservation(db: Db, jobKey: string) {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey)).limit(1);
  return row ?? null;
}

export async function findReservationForUpdate(tx: Db, jobKey: string) {
  const [row] = await tx.select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey)).for('update');
  return row ?? null;
}

/** Null when the key already exists (the unique constraint makes reservations idempotent). */
export async function insertReservation(
  tx: Db,
  row: { jobKey: string; userId: number; actionName: string; held: number; sources: ReservationSource[] },
) {
  const [created] = await tx
    .insert(creditReservations)
    .values(row)
    .onConflictDoNothing({ target: creditReservations.jobKey })
    .returning();
  return created ?? null;
}

export async function closeReservation(
  tx: Db,
  id: number,
  set: { status: 'settled' | 'refunded'; charged: number; sources: ReservationSource[] },
) {
  const [row] = await tx
    .update(creditReservations)
    .set({ ...set, closedAt: new Date() })
    .where(eq(creditReservations.id, id))
    .returning();
  if (!row) throw new Error('reservation vanished');
  return row;
}

/** Accounts holding batches past their expiry that the expiry job has not written off yet. */
export async function accountsWithDueBatches(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: creditBatches.userId })
    .from(creditBatches)
    .where(and(isNull(creditBatches.expiredAt), lte(creditBatches.expireAt, now)))
    .limit(limit);
  return rows.map((r) => r.userId);
}

export function dueBatchesForUpdate(tx: Db, userId: number, now: Date) {
  return tx
    .select({ id: creditBatches.id, creditsLeft: creditBatches.creditsLeft, expireAt: creditBatches.expireAt })
    .from(creditBatches)
    .where(and(eq(creditBatches.userId, userId), isNull(creditBatches.expiredAt), lte(creditBatches.expireAt, now)))
    .orderBy(asc(creditBatches.expireAt), asc(creditBatches.id))
    .for('update');
}

export async function markBatchExpired(tx: Db, batchId: number, now: Date): Promise<void> {
  await tx.update(creditBatches).set({ creditsLeft: 0, expiredAt: now }).where(eq(creditBatches.id, batchId));
}
