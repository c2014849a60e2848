import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, lt } from 'drizzle-orm';
import { LIVE_SOURCES, LIVE_VISEME_FPS, liveSessionMessages as m, voiceMessages, type askLive } from '@app/contract';
import { liveAnswers } from '../../db/schema/index.js';
import { isSpeechError } from '../../engines/speech/index.js';
import { TextModelError, type ChatTurn } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import { lookUpChannel } from '../../platform/channels/keeper.js';
import { AppError } from '../../platform/errors.js';
import type { EventsOf, EventWriter, StreamBody } from '../../platform/protocol/event-stream.js';
import { chatPrices } from '../chat/index.js';
import { paidStream } from '../producing/index.js';
import { voiceChannelKind } from '../voices/index.js';
import type { LiveConfigRow } from './configs.js';
import { usableVoice } from './configs.js';
import type { LiveQaService } from './service.js';
import { STOPPED, type LiveSessionRow, type LiveSessions } from './sessions.js';
import { sentencesOf, SentenceSplitter, speakSentence, SpeechLine, type LiveVoice } from './speaking.js';

type Events = EventWriter<EventsOf<typeof askLive>>;
type AnswerRow = typeof liveAnswers.$inferSelect;
type Source = 'qa' | 'fallback' | 'chat' | 'greeting';

/** An answer still open this long after it began belongs to a process that stopped: the sweep closes it. */
export const OPEN_ANSWER_MAX_MS = 10 * 60_000;

/** How the chat model is asked: the persona, then the question. */
function turnsOf(config: LiveConfigRow, question: string): ChatTurn[] {
  const spoken =
    '你是一个实时语音对话的数字人，你的回答会被直接朗读出来：用口语，简短（三到五句话），不要使用列表、表格、Markdown 或表情符号。';
  const persona = config.persona ? `${config.persona}\n\n${spoken}` : spoken;
  return [
    { role: 'system', content: persona },
    { role: 'user', content: question },
  ];
}

/**
 * The live avatar's answers: each sentence is sent as soon as its text is complete, then its speech and
 * mouth shapes as soon as they are made (one sentence synthesized at a time, while the model goes on).
 * A new question on the session, or stop, aborts the answer in progress: it ends with `stopped` at once.
 */
export class LiveAnswering {
  /** Every session's syntheses on this process, first sentences first. */
  readonly line = new SpeechLine();

  constructor(
    readonly ctx: AppContext,
    readonly sessions: LiveSessions,
    readonly qa: LiveQaService,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** The voice of a configuration, as its owner may use it now, with its engine. */
  async voiceOf(config: LiveConfigRow): Promise<LiveVoice> {
    const row = await usableVoice(this.db, config.userId, config.voiceId);
    if (!row) throw new AppError(m.voiceNotUsable);
    const channel = await lookUpChannel(this.ctx, voiceChannelKind, row.api);
    if (channel.state !== 'ready') throw new AppError(voiceMessages.channelUnavailable);
    return {
      engine: this.ctx.engines.speech.forChannel(
        row.api as Parameters<AppContext['engines']['speech']['forChannel']>[0],
      ),
      voice: row.speech,
      rate: row.rate,
      volume: row.volume,
      pitch: row.pitch,
    };
  }

  /**
   * Checks an ask before its stream opens (the session open, the question, the voice, the chat model and
   * its price) and returns the stream. The answer it replaces is stopped here.
   */
  async open(
    s: LiveSessionRow,
    config: LiveConfigRow,
    p: { question?: string; greet?: number },
  ): Promise<StreamBody<typeof askLive>> {
    if (this.sessions.now().getTime() >= s.endsAt.getTime()) throw new AppError(m.sessionEnded);
    const greet = p.greet === 1;
    const question = (p.question ?? '').trim();
    if (greet && !config.greeting) throw new AppError(m.noGreeting);
    if (!greet && !question) throw new AppError(m.questionEmpty);
    const voice = await this.voiceOf(config);
    const chat = !greet && config.source === LIVE_SOURCES.chat;
    let price = 0;
    if (chat) {
      if (!this.ctx.engines.chat.isConfigured('v3')) throw new AppError(m.chatNotReady);
      const p3 = await chatPrices.of(this.db, this.ctx.config, 'v3');
      if (!p3?.enabled) throw new AppError(m.chatNotReady);
      price = p3.credits;
    }
    // The answer this one replaces stops, on whichever process speaks it.
    const epoch = await this.sessions.stopAnswer(s.id);
    const stop = new AbortController();
    const answer = { stop, epoch };
    this.sessions.speaking.set(s.id, answer);
    return (events, signal) =>
      this.run(s, config, { greet, question, chat, price, voice }, stop, events, signal).finally(() => {
        if (this.sessions.speaking.get(s.id) === answer) this.sessions.speaking.delete(s.id);
      });
  }

  private async run(
    s: LiveSessionRow,
    config: LiveConfigRow,
    a: { greet: boolean; question: string; chat: boolean; price: number; voice: LiveVoice },
    stop: AbortController,
    events: Events,
    signal: AbortSignal,
  ): Promise<void> {
    const onLeave = () => stop.abort('left');
    signal.addEventListener('abort', onLeave);
    // Ends the stream as soon as the answer is stopped; the work winds down (and settles) behind it.
    const stopped = new Promise<'stopped'>((resolve) => {
      if (stop.signal.aborted) resolve('stopped');
      stop.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
    });
    const work = this.answer(s, config, a, stop.signal, events);
    try {
      const first = await Promise.race([work.then(() => 'done' as const), stopped]);
      if (first === 'stopped' && stop.signal.reason === STOPPED) events.send('stopped', { message: '' });
    } catch (e) {
      if (stop.signal.aborted) {
        if (stop.signal.reason === STOPPED) events.send('stopped', { message: '' });
        return;
      }
      const msg = e instanceof AppError || e instanceof TextModelError ? e.message : m.answerFailed;
      if (!(e instanceof AppError || e instanceof TextModelError))
        this.ctx.log.error({ err: e, session: s.id }, 'live answer failed');
      events.send('error', { message: msg, code: 1, msg });
    } finally {
      signal.removeEventListener('abort', onLeave);
      work.catch(() => undefined);
    }
  }

  /** Says the answer sentence by sentence, records it, and settles the chat model's price. */
  private async answer(
    s: LiveSessionRow,
    config: LiveConfigRow,
    a: { greet: boolean; question: string; chat: boolean; price: number; voice: LiveVoice },
    signal: AbortSignal,
    events: Events,
  ): Promise<void> {
    const scratch = path.join(this.ctx.config.dataDir, 'scratch');
    let index = 0;
    let said = '';
    let speaking: Promise<void> = Promise.resolve();
    const say = (sentence: string) => {
      const i = index++;
      said += sentence;
      events.send('sentence', { message: sentence, index: i, text: sentence });
      speaking = speaking.then(async () => {
        signal.throwIfAborted();
        const spoken = await this.line
          .run(i, signal, () => speakSentence(scratch, a.voice, sentence, signal))
          .catch((e: unknown) => {
            if (signal.aborted) throw e;
            if (isSpeechError(e)) this.ctx.log.warn({ err: e, session: s.id }, 'live speech failed');
            throw new AppError(m.speechFailed);
          });
        signal.throwIfAborted();
        events.send('audio', {
          message: '',
          index: i,
          mime: spoken.mime,
          audio: spoken.audio.toString('base64'),
          duration_ms: spoken.durationMs,
          fps: LIVE_VISEME_FPS,
          visemes: spoken.visemes.toString('base64'),
        });
      });
      // A failure is awaited below; meanwhile it must not count as unhandled.
      speaking.catch(() => undefined);
    };

    const record = { sessionId: s.id, userId: s.userId, question: a.greet ? '' : a.question };
    if (!a.chat) {
      let source: Source = 'greeting';
      let text = config.greeting;
      let qaId: number | null = null;
      if (!a.greet) {
        const found = await this.qa.answer(config.userId, a.question);
        source = found.qa_id === null ? 'fallback' : 'qa';
        text = found.answer;
        qaId = found.qa_id;
      }
      for (const sentence of sentencesOf(text)) say(sentence);
      const [row] = await this.db
        .insert(liveAnswers)
        .values({ ...record, answer: said, source, qaId, status: 'open' })
        .returning();
      try {
        await speaking;
      } finally {
        await this.db
          .update(liveAnswers)
          .set({ status: signal.aborted ? 'stopped' : 'done' })
          .where(eq(liveAnswers.id, row!.id));
      }
      await this.sessions.answered(s);
      events.send('done', { message: '', answer: said, source, qa_id: qaId, credits: 0 });
      return;
    }

    // The chat model: its price held with the answer's row, kept once anything was said, returned otherwise.
    const jobKey = `live-answer:${randomUUID()}`;
    const bill = { userId: s.userId, jobKey, held: a.price, actionName: m.actionAnswer };
    const row = await paidStream.open(this.db, bill, async (tx) => {
      const [r] = await tx
        .insert(liveAnswers)
        .values({ ...record, source: 'chat', jobKey, status: 'open' })
        .returning();
      return r!;
    });
    let failed = true;
    let credits: number;
    try {
      const split = new SentenceSplitter();
      const model = this.ctx.engines.chat.forChannel('v3');
      for await (const delta of model.stream(turnsOf(config, a.question), signal)) {
        // The model's thinking is neither spoken nor sent.
        if (delta.kind !== 'content') continue;
        for (const sentence of split.push(delta.text)) say(sentence);
      }
      for (const sentence of split.end()) say(sentence);
      if (!said) throw new TextModelError('empty_reply');
      await speaking;
      failed = false;
    } finally {
      credits = await this.closeAnswer(row, said, failed ? (signal.aborted ? 'stopped' : 'failed') : 'done');
    }
    await this.sessions.answered(s);
    events.send('done', { message: '', answer: said, source: 'chat', qa_id: null, credits });
  }

  /** Closes a chat answer with its price, once: kept when anything was said, returned otherwise. */
  async closeAnswer(row: AnswerRow, said: string, status: 'done' | 'stopped' | 'failed'): Promise<number> {
    return paidStream.close(this.db, row.jobKey, Boolean(said), async (tx, charged) => {
      const [closed] = await tx
        .update(liveAnswers)
        .set({ answer: said, status, credits: charged })
        .where(and(eq(liveAnswers.id, row.id), eq(liveAnswers.status, 'open')))
        .returning({ id: liveAnswers.id });
      return Boolean(closed);
    });
  }

  /** Closes the chat answers a stopped process left open: what they held goes back (nothing was recorded as said). */
  async sweepOpenAnswers(now = new Date()): Promise<void> {
    const rows = await this.db
      .select()
      .from(liveAnswers)
      .where(
        and(eq(liveAnswers.status, 'open'), lt(liveAnswers.createdAt, new Date(now.getTime() - OPEN_ANSWER_MAX_MS))),
      );
    for (const row of rows) {
      if (row.jobKey) await this.closeAnswer(row, '', 'failed');
      else await this.db.update(liveAnswers).set({ status: 'stopped' }).where(eq(liveAnswers.id, row.id));
    }
  }
}
