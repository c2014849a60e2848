import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { CHAT_STATUS } from '@app/contract';
import { chatConversations, chatMessages } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/**
 * Claims asked for within CLAIM_WINDOW_MS, per database, taken together by one statement. A stream
 * does not wait for its claim (it only decides, later, which of two processes keeps an answer), so
 * many streams opening at once share a few statements instead of one each: on the embedded
 * database every statement runs on the server's own thread, beside the streams' first bytes.
 */
const CLAIM_WINDOW_MS = 25;
const pendingClaims = new Map<Db, { id: number; taken: (ok: boolean) => void; failed: (e: unknown) => void }[]>();

async function takeClaims(db: Db): Promise<void> {
  const batch = pendingClaims.get(db) ?? [];
  pendingClaims.delete(db);
  try {
    const rows = await db
      .update(chatMessages)
      .set({ status: CHAT_STATUS.streaming, updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            chatMessages.id,
            batch.map((c) => c.id),
          ),
          eq(chatMessages.role, 'assistant'),
          eq(chatMessages.status, CHAT_STATUS.pending),
        ),
      )
      .returning({ id: chatMessages.id });
    const taken = new Set(rows.map((r) => r.id));
    for (const c of batch) c.taken(taken.has(c.id));
  } catch (e) {
    for (const c of batch) c.failed(e);
  }
}

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** Conversations and their messages; every lookup a user can reach includes the owner. */
export const chatRepo = {
  async listConversations(db: Db, userId: number, f: { page: number; limit: number }) {
    const cond = eq(chatConversations.userId, userId);
    const q = db
      .select()
      .from(chatConversations)
      .where(cond)
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(chatConversations).where(cond);
    return { rows, total: total?.n ?? 0 };
  },

  async findConversation(db: Db, userId: number, id: number): Promise<ConversationRow | null> {
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async insertConversation(db: Db, userId: number, title: string): Promise<ConversationRow> {
    const [row] = await db.insert(chatConversations).values({ userId, title }).returning();
    if (!row) throw new Error('conversation insert returned nothing');
    return row;
  },

  async touchConversation(db: Db, id: number): Promise<void> {
    await db
      .update(chatConversations)
      .set({ updatedAt: sql`now()` })
      .where(eq(chatConversations.id, id));
  },

  async removeConversation(db: Db, id: number): Promise<void> {
    await db.delete(chatConversations).where(eq(chatConversations.id, id));
  },

  async messages(db: Db, conversationId: number): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.id));
  },

  async findMessage(db: Db, userId: number, id: number): Promise<MessageRow | null> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async insertMessage(db: Db, values: typeof chatMessages.$inferInsert): Promise<MessageRow> {
    const [row] = await db.insert(chatMessages).values(values).returning();
    if (!row) throw new Error('message insert returned nothing');
    return row;
  },

  /** Answers of a conversation still waiting for or running their stream. */
  async openAnswers(db: Db, conversationId: number): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          inArray(chatMessages.status, [CHAT_STATUS.pending, CHAT_STATUS.streaming]),
        ),
      );
  },

  /**
   * Takes the caller's pending answer `mid` of conversation `cid` for one stream, in one statement
   * (the stream's first byte waits on it): only one caller gets the row, and only its owner.
   */
  async claim(db: Db, userId: number, cid: number, mid: number): Promise<MessageRow | null> {
    const [row] = await db
      .update(chatMessages)
      .set({ status: CHAT_STATUS.streaming, updatedAt: sql`now()` })
      .where(
        and(
          eq(chatMessages.id, mid),
          eq(chatMessages.userId, userId),
          eq(chatMessages.conversationId, cid),
          eq(chatMessages.role, 'assistant'),
          eq(chatMessages.status, CHAT_STATUS.pending),
        ),
      )
      .returning();
    return row ?? null;
  },

  /**
   * Takes pending answer `id` for one stream, like `claim`, for a caller that already knows the
   * answer is its own: the claims of many streams opening at once share one statement.
   */
  claimKnown(db: Db, id: number): Promise<boolean> {
    return new Promise((taken, failed) => {
      const batch = pendingClaims.get(db);
      if (batch) return void batch.push({ id, taken, failed });
      pendingClaims.set(db, [{ id, taken, failed }]);
      setTimeout(() => void takeClaims(db), CLAIM_WINDOW_MS);
    });
  },

  /** The messages of a conversation before `id`, oldest first. */
  async before(db: Db, conversationId: number, id: number): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.id, id)))
      .orderBy(asc(chatMessages.id));
  },

  /** Ends an open answer once (status 3, 4 or 5) with what it said. */
  async close(
    db: Db,
    id: number,
    v: { status: number; content: string; reasoning: string; creditsCharged: number; failReason?: string },
  ): Promise<boolean> {
    const rows = await db
      .update(chatMessages)
      .set({ ...v, failReason: (v.failReason ?? '').slice(0, 255), updatedAt: sql`now()` })
      .where(and(eq(chatMessages.id, id), inArray(chatMessages.status, [CHAT_STATUS.pending, CHAT_STATUS.streaming])))
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  },

  /** Open answers untouched since `before`: never streamed, or left by a process that stopped. */
  async staleOpenAnswers(db: Db, before: Date): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.status, [CHAT_STATUS.pending, CHAT_STATUS.streaming]),
          lt(chatMessages.updatedAt, before),
        ),
      );
  },
};
