import { CHAT_STATUS, chatMessages, type ChatModelKey } from '@app/contract';
import { TextModelError, type ChatTurn } from '../../engines/text/index.js';
import { AppError } from '../../platform/errors.js';
import type { EventsOf, EventWriter, StreamBody } from '../../platform/protocol/event-stream.js';
import type { chatAnswerStream } from '@app/contract';
import { contextOf } from './context-budget.js';
import { chatRepo, type MessageRow } from './repo.js';
import type { ChatService } from './service.js';

type Events = EventWriter<EventsOf<typeof chatAnswerStream>>;

/**
 * Checks the caller's answer `mid` of conversation `cid` and returns the stream that writes it: the
 * model's deltas as they come (`message`, `reasoning`), then `done`. A finished answer is replayed
 * whole. The hold is settled when the answer completes, or when the client leaves after part of it
 * (the part is kept); it is refunded when the model fails, or the client leaves, before any answer.
 */
export async function openAnswer(
  s: ChatService,
  userId: number,
  cid: number,
  mid: number,
): Promise<StreamBody<typeof chatAnswerStream>> {
  // The usual case: the question was asked of this process a moment ago, and its answer waits here
  // with its context. The model is asked at once; the row is claimed meanwhile, and a stream that
  // loses the claim (the same answer opened on another process) ends before anything is settled.
  const ready = s.prepared.get(mid);
  if (ready && ready.answer.userId === userId && ready.answer.conversationId === cid) {
    s.prepared.delete(mid);
    const claimed = chatRepo.claimKnown(s.db, mid).catch((err: unknown) => {
      s.ctx.log.error({ err, mid }, 'chat answer claim failed');
      return false;
    });
    return (events, signal) => streamAnswer(s, ready.answer, ready.context, events, signal, claimed);
  }
  // Otherwise, in one statement: the caller's own answer, waiting for its stream.
  const answer = await chatRepo.claim(s.db, userId, cid, mid);
  if (!answer) return replayOrRefuse(s, userId, cid, mid);
  let context: ChatTurn[];
  try {
    context = contextOf(await chatRepo.before(s.db, cid, mid), s.ctx.config.CHAT_CONTEXT_TOKENS);
  } catch (e) {
    await s.giveUp({ ...answer, content: '' }, chatMessages.messageMissing);
    throw e;
  }
  return (events, signal) => streamAnswer(s, answer, context, events, signal);
}

/** An answer that is not waiting: a finished one is replayed whole; another's, or one streaming now, is refused. */
async function replayOrRefuse(
  s: ChatService,
  userId: number,
  cid: number,
  mid: number,
): Promise<StreamBody<typeof chatAnswerStream>> {
  const answer = await chatRepo.findMessage(s.db, userId, mid);
  if (!answer || answer.conversationId !== cid || answer.role !== 'assistant')
    throw new AppError(chatMessages.messageMissing);
  if (answer.status === CHAT_STATUS.pending || answer.status === CHAT_STATUS.streaming)
    throw new AppError(chatMessages.alreadyStreaming);
  return async (events) => {
    if (answer.reasoning) events.send('reasoning', { message: answer.reasoning });
    if (answer.content) events.send('message', { message: answer.content });
    events.send('done', { message: '', mid, status: answer.status, credits: answer.creditsCharged });
  };
}

async function streamAnswer(
  s: ChatService,
  answer: MessageRow,
  context: ChatTurn[],
  events: Events,
  signal: AbortSignal,
  claimed: Promise<boolean> = Promise.resolve(true),
): Promise<void> {
  const stop = new AbortController();
  const onLeave = () => stop.abort();
  signal.addEventListener('abort', onLeave);
  s.live.set(answer.id, stop);
  let lost = false;
  void claimed.then((ok) => {
    if (ok) return;
    lost = true;
    stop.abort();
  });
  let content = '';
  let reasoning = '';
  try {
    const model = s.ctx.engines.chat.forChannel(answer.model as ChatModelKey);
    for await (const delta of model.stream(context, stop.signal)) {
      if (delta.kind === 'content') {
        content += delta.text;
        events.send('message', { message: delta.text });
      } else {
        reasoning += delta.text;
        events.send('reasoning', { message: delta.text });
      }
    }
    if (!content) throw new TextModelError('empty_reply');
    if (!(await claimed)) throw new AppError(chatMessages.alreadyStreaming);
    const credits = await s.close(answer, { status: CHAT_STATUS.done, content, reasoning }, { touch: true });
    events.send('done', { message: '', mid: answer.id, status: CHAT_STATUS.done, credits });
  } catch (e) {
    // Another stream owns this answer: it saves and settles it, not this one.
    if (lost || !(await claimed)) throw new AppError(chatMessages.alreadyStreaming);
    if (stop.signal.aborted) {
      await s.close(answer, { status: CHAT_STATUS.stopped, content, reasoning }, { touch: true });
      return;
    }
    const msg = e instanceof TextModelError || e instanceof AppError ? e.message : chatMessages.interrupted;
    if (!(e instanceof TextModelError)) s.ctx.log.error({ err: e, mid: answer.id }, 'chat answer failed');
    else s.ctx.log.warn({ kind: e.kind, detail: e.detail, mid: answer.id }, 'chat model failed');
    await s.close(
      answer,
      { status: content ? CHAT_STATUS.stopped : CHAT_STATUS.failed, content, reasoning, failReason: msg },
      { touch: true },
    );
    throw new AppError(msg);
  } finally {
    signal.removeEventListener('abort', onLeave);
    s.live.delete(answer.id);
  }
}
