import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@app/contract';
import { apiVideos, apiWebhookAttempts, apiWebhookDeliveries } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS, type WorkRow } from '../works/index.js';
import { webhookEndpointStore } from './webhook-endpoints.js';

export type DeliveryRow = typeof apiWebhookDeliveries.$inferSelect;
export type AttemptRow = typeof apiWebhookAttempts.$inferSelect;
type ApiVideoRow = typeof apiVideos.$inferSelect;

/** What one attempt came to: the receiver's HTTP status, or why there was none. */
export interface AttemptOutcome {
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * How long one attempt holds its delivery: another run of the same job waits this out (a worker died
 * mid-attempt). Three times an attempt's own limit (10 s), so a live attempt always ends inside it.
 */
export const ATTEMPT_LEASE_SECONDS = 30;

const pending = eq(apiWebhookDeliveries.status, 'pending');
const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Deliveries: made once per event and endpoint, attempted under a lease, closed once acknowledged. */
export const webhookDeliveries = {
  /**
   * Turns an ended API video into one pending delivery per endpoint of its owner listening to the event,
   * exactly once: the video is marked announced in the same transaction. Returns the deliveries made.
   */
  async announce(db: Db, video: ApiVideoRow, work: WorkRow): Promise<number[]> {
    const event: WebhookEvent = work.status === WORK_STATUS.done ? 'avatar_video.success' : 'avatar_video.fail';
    return db.transaction(async (tx) => {
      const [mine] = await tx
        .update(apiVideos)
        .set({ announcedAt: new Date() })
        .where(and(eq(apiVideos.workId, video.workId), isNull(apiVideos.announcedAt)))
        .returning({ workId: apiVideos.workId });
      if (!mine) return [];
      const endpoints = (await webhookEndpointStore.listOwn(tx, video.userId)).filter((e) => e.events.includes(event));
      if (!endpoints.length) return [];
      // The link is made at each attempt (a signed link expires); the rest is fixed now.
      const eventData: Record<string, string | null> =
        event === 'avatar_video.success'
          ? { video_id: String(work.id), callback_id: video.callbackId }
          : { video_id: String(work.id), msg: work.failReason, callback_id: video.callbackId };
      const rows = await tx
        .insert(apiWebhookDeliveries)
        .values(
          endpoints.map((e) => ({
            endpointId: e.id,
            userId: video.userId,
            workId: work.id,
            eventType: event,
            eventData,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: apiWebhookDeliveries.id });
      return rows.map((r) => r.id);
    });
  },

  /**
   * Takes a pending delivery that is due and not under way for one attempt. Otherwise: 'over' when it was
   * delivered, failed or cancelled (it is never sent again), or the seconds until it may be tried.
   */
  async claim(db: Db, id: number): Promise<DeliveryRow | 'over' | { waitSeconds: number }> {
    const [row] = await db
      .update(apiWebhookDeliveries)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS})` })
      .where(
        and(
          eq(apiWebhookDeliveries.id, id),
          pending,
          sql`${apiWebhookDeliveries.nextAttemptAt} <= now()`,
          or(isNull(apiWebhookDeliveries.leaseUntil), sql`${apiWebhookDeliveries.leaseUntil} < now()`),
        ),
      )
      .returning();
    if (row) return row;
    const [state] = await db
      .select({ d: apiWebhookDeliveries, now: sql<string>`now()` })
      .from(apiWebhookDeliveries)
      .where(eq(apiWebhookDeliveries.id, id));
    if (!state || state.d.status !== 'pending') return 'over';
    const { nextAttemptAt, leaseUntil } = state.d;
    const until = leaseUntil && leaseUntil > nextAttemptAt ? leaseUntil : nextAttemptAt;
    return { waitSeconds: secondsUntil(until, new Date(state.now)) };
  },

  /**
   * Records an attempt and what follows from it: delivered on a 2xx (closed for good), the next try after
   * `retrySeconds[n]` after the n-th failure, failed once every wait is used. Returns the seconds until
   * the next attempt, or null when the delivery is closed.
   */
  async record(db: Db, d: DeliveryRow, o: AttemptOutcome, retrySeconds: readonly number[]): Promise<number | null> {
    const ok = o.httpStatus !== null && o.httpStatus >= 200 && o.httpStatus < 300;
    const attempts = d.attempts + 1;
    const wait = ok ? undefined : retrySeconds[attempts - 1];
    return db.transaction(async (tx) => {
      await tx.insert(apiWebhookAttempts).values({ deliveryId: d.id, ...o, error: o.error?.slice(0, 255) ?? null });
      await tx
        .update(apiWebhookDeliveries)
        .set(
          wait === undefined
            ? { attempts, status: ok ? 'delivered' : 'failed', finishedAt: new Date(), leaseUntil: null }
            : { attempts, nextAttemptAt: sql`now() + make_interval(secs => ${wait})`, leaseUntil: null },
        )
        .where(and(eq(apiWebhookDeliveries.id, d.id), pending));
      return wait ?? null;
    });
  },

  /** Closes a delivery whose endpoint was deleted before it could be made. */
  async cancel(db: Db, id: number): Promise<void> {
    await db
      .update(apiWebhookDeliveries)
      .set({ status: 'cancelled', finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(apiWebhookDeliveries.id, id), pending));
  },

  /** Pending deliveries whose attempt is long overdue: their job was lost (a crash right after the commit). */
  async overdue(db: Db, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: apiWebhookDeliveries.id })
      .from(apiWebhookDeliveries)
      .where(
        and(
          pending,
          sql`${apiWebhookDeliveries.nextAttemptAt} < now() - interval '2 minutes'`,
          or(isNull(apiWebhookDeliveries.leaseUntil), sql`${apiWebhookDeliveries.leaseUntil} < now()`),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** API videos older than two minutes whose end was never announced: their watch may have been lost. */
  async unannounced(db: Db, limit: number): Promise<number[]> {
    const rows = await db
      .select({ workId: apiVideos.workId })
      .from(apiVideos)
      .where(and(isNull(apiVideos.announcedAt), lt(apiVideos.createdAt, sql`now() - interval '2 minutes'`)))
      .limit(limit);
    return rows.map((r) => r.workId);
  },

  /** One account's newest deliveries, with their attempts (oldest first). */
  async pageOwn(db: Db, userId: number, page: number, limit: number) {
    const where = eq(apiWebhookDeliveries.userId, userId);
    const rows = await db
      .select()
      .from(apiWebhookDeliveries)
      .where(where)
      .orderBy(desc(apiWebhookDeliveries.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiWebhookDeliveries)
      .where(where);
    const attempts = rows.length
      ? await db
          .select()
          .from(apiWebhookAttempts)
          .where(
            inArray(
              apiWebhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(apiWebhookAttempts.id)
      : [];
    return { rows, attempts, total: c?.n ?? 0 };
  },
};
