import { randomUUID } from 'node:crypto';
import {
  CHAT_STATUS,
  chatMessages,
  type ChatMessage,
  type ChatModelKey,
  type ChatPrice,
  type ChatRecord,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { paidStream } from '../producing/index.js';
import type { ChatTurn } from '../../engines/text/index.js';
import { contextOf } from './context-budget.js';
import { chatRepo, type MessageRow } from './repo.js';
import { chatPrices } from './prices.js';

/** Characters of the first question that make a new conversation's title. */
export const TITLE_MAX = 30;

export const titleFrom = (question: string) => {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX)}…` : line || chatMessages.newTitle;
};

/** Answers streaming in this process, by message id: deleting their conversation stops them. */
export type LiveAnswers = Map<number, AbortController>;

/** An answer this process has just recorded, with the context the model reads: its stream needs no reads. */
export interface PreparedAnswer {
  answer: MessageRow;
  context: ChatTurn[];
}
export type PreparedAnswers = Map<number, PreparedAnswer>;

/** How long a recorded answer waits here for its stream; a later stream reads it from the database. */
const PREPARED_MS = 60_000;

/** Conversations of the chat assistant: asking (with the price held), listing, deleting. */
export class ChatService {
  readonly db: Db;
  constructor(
    readonly ctx: AppContext,
    readonly live: LiveAnswers = new Map(),
    readonly prepared: PreparedAnswers = new Map(),
  ) {
    this.db = ctx.database.db;
  }

  /** The operator's price of a question to this model, read at the moment it is asked. */
  async priceOf(model: ChatModelKey) {
    return chatPrices.of(this.db, this.ctx.config, model);
  }

  /** What an answer is charged once it has text: what was held when it was asked, whatever the price is now. */
  async heldFor(jobKey: string | null): Promise<number> {
    return paidStream.held(this.db, jobKey);
  }

  async records(
    userId: number,
    f: { page: number; limit: number },
  ): Promise<{ list: ChatRecord[]; total: number; prices: ChatPrice[] }> {
    const { rows, total } = await chatRepo.listConversations(this.db, userId, f);
    const prices = await chatPrices.all(this.db, this.ctx.config);
    return {
      list: rows.map((r) => ({ id: r.id, title: r.title, create_time: formatDateTime(r.createdAt) })),
      total,
      prices: prices.map((p) => ({ model: p.api as ChatModelKey, credits: p.credits, enabled: p.enabled })),
    };
  }

  async messages(userId: number, cid: number): Promise<{ list: ChatMessage[] }> {
    const conversation = await chatRepo.findConversation(this.db, userId, cid);
    if (!conversation) throw new AppError(chatMessages.conversationMissing);
    return { list: (await chatRepo.messages(this.db, cid)).map(presentMessage) };
  }

  /**
   * Records the question and an empty answer and holds the price, in one transaction (积分不足
   * rolls it all back). A new conversation takes its title from the question. An answer of this
   * conversation whose stream was never opened is given up (and refunded) first; one still
   * streaming refuses the question.
   */
  async send(
    userId: number,
    p: { cid?: number; content: string; model: ChatModelKey },
  ): Promise<{ cid: number; mid: number }> {
    const question = p.content.trim();
    if (!question) throw new AppError(chatMessages.contentRequired);
    if (!this.ctx.engines.chat.isConfigured(p.model)) throw new AppError(chatMessages.notConfigured);
    if (p.cid) {
      const conversation = await chatRepo.findConversation(this.db, userId, p.cid);
      if (!conversation) throw new AppError(chatMessages.conversationMissing);
      for (const open of await chatRepo.openAnswers(this.db, p.cid)) {
        if (open.status === CHAT_STATUS.streaming) throw new AppError(chatMessages.answering);
        await this.giveUp(open, chatMessages.interrupted);
      }
    }
    const model = await this.priceOf(p.model);
    if (!model?.enabled) throw new AppError(chatMessages.modelOff);
    const jobKey = `chat:${randomUUID()}`;
    const price = model.credits;
    const bill = { userId, jobKey, held: price, actionName: chatMessages.actionName };
    const asked = await paidStream.open(this.db, bill, async (tx) => {
      const cid = p.cid ?? (await chatRepo.insertConversation(tx, userId, titleFrom(question))).id;
      await chatRepo.insertMessage(tx, {
        conversationId: cid,
        userId,
        role: 'user',
        content: question,
        model: p.model,
      });
      const answer = await chatRepo.insertMessage(tx, {
        conversationId: cid,
        userId,
        role: 'assistant',
        model: p.model,
        status: CHAT_STATUS.pending,
        jobKey,
      });
      await chatRepo.touchConversation(tx, cid);
      return { cid, answer };
    });
    const { cid, answer } = asked;
    const earlier = p.cid
      ? await chatRepo.before(this.db, cid, answer.id)
      : [{ ...answer, role: 'user', content: question }];
    this.prepared.set(answer.id, { answer, context: contextOf(earlier, this.ctx.config.CHAT_CONTEXT_TOKENS) });
    setTimeout(() => this.prepared.delete(answer.id), PREPARED_MS).unref();
    return { cid, mid: answer.id };
  }

  /** Deletes a conversation: answers still open stop here and now and their holds return. */
  async remove(userId: number, cid: number): Promise<void> {
    const conversation = await chatRepo.findConversation(this.db, userId, cid);
    if (!conversation) throw new AppError(chatMessages.conversationMissing);
    for (const open of await chatRepo.openAnswers(this.db, cid)) {
      const running = this.live.get(open.id);
      // A stream of this process settles what it received when aborted; others are refunded here.
      if (running) running.abort();
      else await this.giveUp(open, chatMessages.interrupted);
    }
    await chatRepo.removeConversation(this.db, cid);
  }

  /** Ends an open answer that nobody streams: what it received is kept and charged, an empty one refunded. */
  async giveUp(row: MessageRow, reason: string): Promise<void> {
    this.prepared.delete(row.id);
    await this.close(row, {
      status: row.content ? CHAT_STATUS.stopped : CHAT_STATUS.failed,
      content: row.content,
      reasoning: row.reasoning,
      failReason: reason,
    });
  }

  /**
   * Saves an open answer as it stands and settles its hold, once, in one transaction: charged what
   * was held when it has any answer text, refunded otherwise. The row and the balance change
   * together, so a reader who sees the answer ended also sees its charge or refund. Returns the
   * credits charged.
   */
  async close(
    row: MessageRow,
    v: { status: number; content: string; reasoning: string; failReason?: string },
    opts: { touch?: boolean } = {},
  ): Promise<number> {
    return paidStream.close(this.db, row.jobKey, Boolean(v.content), async (tx, charged) => {
      if (!(await chatRepo.close(tx, row.id, { ...v, creditsCharged: charged }))) return false;
      if (opts.touch) await chatRepo.touchConversation(tx, row.conversationId);
      return true;
    });
  }
}

export function presentMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    reasoning: m.reasoning,
    model: m.model === 'r1' ? 'r1' : 'v3',
    status: m.status,
    create_time: formatDateTime(m.createdAt),
  };
}
