import { randomUUID } from 'node:crypto';
import { and, count, eq, lt, or, sql } from 'drizzle-orm';
import { liveSessionMessages as m } from '@app/contract';
import { liveSessions } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { accountRows } from '../accounts/index.js';
import { CreditsShort } from '../billing/index.js';
import { paidStream } from '../producing/index.js';
import { livePrices, liveSettings } from './settings.js';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
export type LiveVia = 'web' | 'embed';

const MINUTE_MS = 60_000;
/** A session not heard from (no beat) for this long is ended by the sweep. */
export const LIVE_IDLE_MS = 60_000;

/** The hold of one minute of a session: minute 1 is reserved at the start, each next one when it begins. */
export const minuteKey = (sessionId: string, minute: number) => `live:${sessionId}:${minute}`;

/** Why a session ended: the user ended it, its longest length passed, it stopped beating, its credits ran out. */
export type EndReason = 'user' | 'max' | 'idle' | 'credits' | 'deleted';

export interface SessionView {
  session_id: string;
  max_minutes: number;
  price_per_minute: number;
  minutes_charged: number;
  ends_at: string;
  paid_until: string;
}

export const sessionView = (s: LiveSessionRow): SessionView => ({
  session_id: s.id,
  max_minutes: s.maxMinutes,
  price_per_minute: s.pricePerMinute,
  minutes_charged: s.minutesCharged,
  ends_at: s.endsAt.toISOString(),
  paid_until: new Date(s.startedAt.getTime() + s.minutesCharged * MINUTE_MS).toISOString(),
});

/** Where every process hears that a session's answer is to stop: `<session id>:<stop epoch>`. */
export const LIVE_STOP_CHANNEL = 'live_stop';

/** Why an answer's controller was aborted by a newer question or a stop (the answer ends `stopped`). */
export const STOPPED = 'replaced';

/** An answer a session speaks on this process: its controller, and the stop epoch it began at. */
export interface SpokenAnswer {
  stop: AbortController;
  epoch: number;
}

/**
 * Live sessions and their minutes, through the paid API's streamed-answer shape: each minute is one
 * hold, written with the session row that names it. Minute 1 is held at the start; a beat in a new
 * minute holds it and keeps the one before; the end keeps the minute running. A session the sweep
 * ends (no beat for LIVE_IDLE_MS) keeps its last minute only when an answer was given in it.
 */
export class LiveSessions {
  readonly db: Db;
  /** The answer each session of this process is speaking, with the stop epoch it began at. */
  readonly speaking = new Map<string, SpokenAnswer>();
  /** Injectable clock: the tests move time. */
  now: () => Date = () => new Date();

  constructor(readonly ctx: AppContext) {
    this.db = ctx.database.db;
  }

  /**
   * Opens a session paid by `payer`: refused while the feature is off, for a guest when guests may not,
   * past the open sessions allowed (per account on the web, per widget embedded), or for short credits.
   * The count and the hold are decided under the payer's lock, so two starts at once cannot both pass.
   */
  async start(payer: number, configId: number, via: LiveVia): Promise<LiveSessionRow> {
    const [settings, price] = await Promise.all([
      liveSettings.read(this.db),
      livePrices.of(this.db, this.ctx.config, 'minute'),
    ]);
    if (!price?.enabled) throw new AppError(via === 'web' ? m.liveOff : m.embedUnavailable);
    const standing = await accountRows.standing(this.db, payer);
    if (!standing || standing.disabled) throw new AppError(via === 'web' ? m.liveOff : m.embedUnavailable);
    if (standing.isTourist && !settings.guests_allowed)
      throw new AppError(via === 'web' ? m.guestsRefused : m.embedUnavailable);
    await this.sweep({ userId: payer });
    const id = randomUUID();
    const now = this.now();
    const bill = { userId: payer, jobKey: minuteKey(id, 1), held: price.credits, actionName: m.actionMinute };
    return paidStream.open(this.db, bill, async (tx) => {
      await accountRows.lock(tx, payer);
      const open = and(eq(liveSessions.userId, payer), eq(liveSessions.status, 'open'), eq(liveSessions.via, via));
      const [n] = await tx
        .select({ n: count() })
        .from(liveSessions)
        .where(via === 'web' ? open : and(open, eq(liveSessions.configId, configId)));
      const limit = via === 'web' ? settings.max_sessions : settings.embed_max_sessions;
      if ((n?.n ?? 0) >= limit) throw new AppError(via === 'web' ? m.tooManySessions(limit) : m.embedBusy);
      const [row] = await tx
        .insert(liveSessions)
        .values({
          id,
          userId: payer,
          configId,
          via,
          pricePerMinute: price.credits,
          maxMinutes: settings.max_minutes,
          startedAt: now,
          endsAt: new Date(now.getTime() + settings.max_minutes * MINUTE_MS),
          lastBeatAt: now,
          minutesCharged: 1,
        })
        .returning();
      if (!row) throw new Error('live session insert returned nothing');
      return row;
    });
  }

  async find(id: string): Promise<LiveSessionRow | null> {
    const [row] = await this.db.select().from(liveSessions).where(eq(liveSessions.id, id)).limit(1);
    return row ?? null;
  }

  /** The caller's open session (the payer's, and of this widget when embedded); refused otherwise. */
  async openOf(id: string, owner: { userId: number; via: LiveVia; configId?: number }): Promise<LiveSessionRow> {
    const row = await this.find(id);
    if (
      !row ||
      row.userId !== owner.userId ||
      row.via !== owner.via ||
      (owner.configId !== undefined && row.configId !== owner.configId)
    )
      throw new AppError(m.sessionNotFound);
    if (row.status !== 'open') throw new AppError(m.sessionEnded);
    return row;
  }

  /** The minute (1-based) running at `at`. */
  minuteAt(s: LiveSessionRow, at: Date): number {
    return Math.floor((at.getTime() - s.startedAt.getTime()) / MINUTE_MS) + 1;
  }

  /**
   * Keeps a session open. Past its longest length it ends; in a minute not yet held, that minute is
   * held and the one before kept. Short credits for the new minute end the session (the minutes
   * before are kept) and refuse the beat with the shortage message.
   */
  async beat(s: LiveSessionRow): Promise<SessionView & { ended: boolean }> {
    const now = this.now();
    if (now.getTime() >= s.endsAt.getTime()) {
      await this.end(s, 'max');
      return { ...sessionView(s), ended: true };
    }
    const minute = Math.min(this.minuteAt(s, now), s.maxMinutes);
    let row: LiveSessionRow;
    if (minute > s.minutesCharged) {
      try {
        row = await this.holdMinute(s, minute, now);
      } catch (e) {
        if (e instanceof CreditsShort) await this.end(s, 'credits');
        throw e;
      }
    } else {
      const [updated] = await this.db
        .update(liveSessions)
        .set({ lastBeatAt: now })
        .where(and(eq(liveSessions.id, s.id), eq(liveSessions.status, 'open')))
        .returning();
      if (!updated) return { ...sessionView((await this.find(s.id)) ?? s), ended: true };
      row = updated;
    }
    return { ...sessionView(row), ended: row.status !== 'open' };
  }

  /** Holds `minute` with the row moved to it (one transaction), then keeps the minutes before it. */
  private async holdMinute(s: LiveSessionRow, minute: number, now: Date): Promise<LiveSessionRow> {
    const bill = {
      userId: s.userId,
      jobKey: minuteKey(s.id, minute),
      held: s.pricePerMinute,
      actionName: m.actionMinute,
    };
    const moved = await paidStream
      .open(this.db, bill, async (tx) => {
        const [row] = await tx
          .update(liveSessions)
          .set({ minutesCharged: minute, lastBeatAt: now })
          .where(
            and(eq(liveSessions.id, s.id), eq(liveSessions.status, 'open'), lt(liveSessions.minutesCharged, minute)),
          )
          .returning();
        // Ended meanwhile, or another beat held it first: nothing is held here.
        if (!row) throw new StaleBeat();
        return row;
      })
      .catch(async (e: unknown) => {
        if (!(e instanceof StaleBeat)) throw e;
        return (await this.find(s.id)) ?? s;
      });
    for (let k = s.minutesCharged; k < moved.minutesCharged; k++) await this.keepMinute(s.id, k);
    return moved;
  }

  /** Keeps what a past minute held (idempotent: a minute already kept stays as it is). */
  private keepMinute(sessionId: string, minute: number) {
    return paidStream.close(this.db, minuteKey(sessionId, minute), true, () => Promise.resolve(true));
  }

  /** A beat of a session that may have ended already: an ended one answers `ended` with its figures. */
  async beatOrEnded(s: LiveSessionRow): Promise<SessionView & { ended: boolean }> {
    if (s.status !== 'open') return { ...sessionView(s), ended: true };
    return this.beat(s);
  }

  /**
   * Stops the answer the session is speaking, on whichever process streams it: raises the session's stop
   * epoch, stops this process's answer at once and tells the others (LIVE_STOP_CHANNEL), each of which
   * stops its answer of the session that began at a lower epoch. Returns the new epoch, which the answer
   * a new question begins is tagged with, so that this stop never reaches it.
   */
  async stopAnswer(sessionId: string): Promise<number> {
    const [row] = await this.db
      .update(liveSessions)
      .set({ stopEpoch: sql`${liveSessions.stopEpoch} + 1` })
      .where(eq(liveSessions.id, sessionId))
      .returning({ epoch: liveSessions.stopEpoch });
    const epoch = row?.epoch ?? 0;
    this.stopBefore(sessionId, epoch);
    await this.db.execute(sql`select pg_notify(${LIVE_STOP_CHANNEL}, ${`${sessionId}:${epoch}`})`);
    return epoch;
  }

  /** A stop heard on LIVE_STOP_CHANNEL (`<session>:<epoch>`; empty after a lost connection: nothing to do). */
  heardStop(payload: string): void {
    const at = payload.lastIndexOf(':');
    const epoch = Number(payload.slice(at + 1));
    if (at > 0 && Number.isInteger(epoch)) this.stopBefore(payload.slice(0, at), epoch);
  }

  private stopBefore(sessionId: string, epoch: number): void {
    const answer = this.speaking.get(sessionId);
    if (answer && answer.epoch < epoch) answer.stop.abort(STOPPED);
  }

  /** Notes that an answer was given now: the sweep keeps a minute in which one was. */
  async answered(s: LiveSessionRow): Promise<void> {
    const minute = Math.min(this.minuteAt(s, this.now()), s.minutesCharged);
    await this.db
      .update(liveSessions)
      .set({ answeredMinute: minute })
      .where(and(eq(liveSessions.id, s.id), lt(liveSessions.answeredMinute, minute)));
  }

  /**
   * Ends a session once, with its money: every minute held is kept, except that a session the
   * server ends for silence gives its last minute back when no answer was given in it. Returns its
   * minutes and the credits they cost.
   */
  async end(s: LiveSessionRow, reason: EndReason): Promise<{ minutes: number; credits: number }> {
    this.speaking.get(s.id)?.stop.abort();
    const current = (await this.find(s.id)) ?? s;
    const last = current.minutesCharged;
    for (let k = 1; k < last; k++) await this.keepMinute(s.id, k);
    const keepLast = reason !== 'idle' || current.answeredMinute >= last;
    await paidStream.close(this.db, minuteKey(s.id, last), keepLast, async (tx, charged) => {
      const [row] = await tx
        .update(liveSessions)
        .set({
          status: 'ended',
          endedAt: this.now(),
          endReason: reason,
          credits: (last - 1) * current.pricePerMinute + charged,
        })
        .where(and(eq(liveSessions.id, s.id), eq(liveSessions.status, 'open')))
        .returning({ id: liveSessions.id });
      return Boolean(row);
    });
    const ended = (await this.find(s.id)) ?? current;
    return { minutes: ended.minutesCharged, credits: ended.credits };
  }

  /** Ends the sessions (of one payer, or all) that have not beaten for LIVE_IDLE_MS, or ran past their end. */
  async sweep(only: { userId?: number } = {}): Promise<number> {
    const now = this.now();
    const rows = await this.db
      .select()
      .from(liveSessions)
      .where(
        and(
          eq(liveSessions.status, 'open'),
          only.userId === undefined ? undefined : eq(liveSessions.userId, only.userId),
          or(
            lt(liveSessions.lastBeatAt, new Date(now.getTime() - LIVE_IDLE_MS)),
            lt(liveSessions.endsAt, new Date(now.getTime() - LIVE_IDLE_MS)),
          ),
        ),
      );
    let ended = 0;
    for (const row of rows) {
      const idle = now.getTime() - row.lastBeatAt.getTime() >= LIVE_IDLE_MS;
      const over = now.getTime() >= row.endsAt.getTime() + LIVE_IDLE_MS;
      if (!idle && !over) continue;
      await this.end(row, idle && !over ? 'idle' : 'max');
      ended += 1;
    }
    return ended;
  }

  /** Ends every open session of a configuration (it is being deleted or its widget switched off). */
  async endAllOf(configId: number, reason: EndReason, via?: LiveVia): Promise<void> {
    const rows = await this.db
      .select()
      .from(liveSessions)
      .where(
        and(
          eq(liveSessions.configId, configId),
          eq(liveSessions.status, 'open'),
          via ? eq(liveSessions.via, via) : undefined,
        ),
      );
    for (const row of rows) await this.end(row, reason);
  }
}

/** A beat that found its minute already held by another, or the session ended. */
class StaleBeat extends Error {}
