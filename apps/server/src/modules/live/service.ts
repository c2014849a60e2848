import {
  LIVE_QA_MAX_ENTRIES,
  LIVE_QUESTIONS_MAX,
  liveMessages as m,
  liveSessionMessages,
  type LiveQa,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { QaIndex } from './matcher.js';
import { liveRepo, type LiveQaRow } from './repo.js';

const toQa = (r: LiveQaRow): LiveQa => ({
  id: r.id,
  questions: r.questions,
  answer: r.answer,
  updated_at: r.updatedAt.toISOString(),
});

/** The variants of the questions param (one per line), trimmed, distinct, non-empty: what the matcher indexes. */
function cleanQuestions(lines: string): string[] {
  const kept = [
    ...new Set(
      lines
        .split(/\r?\n/)
        .map((q) => q.trim())
        .filter(Boolean),
    ),
  ];
  if (!kept.length) throw new AppError(m.questionsEmpty);
  if (kept.length > LIVE_QUESTIONS_MAX) throw new AppError(m.tooManyQuestions);
  if (kept.some((q) => q.length > 200)) throw new AppError(m.questionTooLong);
  return kept;
}

/** Libraries kept indexed in memory at once (each at most LIVE_QA_MAX_ENTRIES entries). */
const INDEX_CACHE_MAX = 1000;

/** A user's live Q&A library: curated entries, a fallback, and the answer a question gets. */
export class LiveQaService {
  /** Each library's index by user, with the stamp of the library it was built from (see liveRepo.stamp). */
  private readonly built = new Map<number, { stamp: string; index: QaIndex; entries: Map<number, LiveQaRow> }>();

  constructor(private readonly db: Db) {}

  /** The user's library indexed: built again only when the library has changed since (on any process). */
  private async indexOf(userId: number) {
    const stamp = await liveRepo.stamp(this.db, userId);
    const kept = this.built.get(userId);
    if (kept?.stamp === stamp) return kept;
    const rows = await liveRepo.all(this.db, userId);
    const fresh = { stamp, index: new QaIndex(rows), entries: new Map(rows.map((r) => [r.id, r])) };
    // A bounded cache: the least recently built library goes first.
    this.built.delete(userId);
    if (this.built.size >= INDEX_CACHE_MAX) this.built.delete(this.built.keys().next().value!);
    this.built.set(userId, fresh);
    return fresh;
  }

  async list(userId: number, page: number, limit: number) {
    const { list, total } = await liveRepo.page(this.db, userId, page, limit);
    return { list: list.map(toQa), total, fallback: await this.fallback(userId) };
  }

  async save(userId: number, p: { id?: number; questions: string; answer: string }): Promise<LiveQa> {
    const questions = cleanQuestions(p.questions);
    const answer = p.answer.trim();
    if (!answer) throw new AppError(m.answerEmpty);
    if (p.id === undefined) {
      if ((await liveRepo.count(this.db, userId)) >= LIVE_QA_MAX_ENTRIES)
        throw new AppError(liveSessionMessages.qaFull);
      return toQa(await liveRepo.create(this.db, userId, questions, answer));
    }
    const row = await liveRepo.update(this.db, userId, p.id, questions, answer);
    if (!row) throw new AppError(m.qaNotFound);
    return toQa(row);
  }

  async remove(userId: number, id: number) {
    if (!(await liveRepo.remove(this.db, userId, id))) throw new AppError(m.qaNotFound);
  }

  async fallback(userId: number): Promise<string> {
    return (await liveRepo.fallback(this.db, userId)) ?? m.defaultFallback;
  }

  async setFallback(userId: number, answer: string): Promise<string> {
    await liveRepo.setFallback(this.db, userId, answer.trim());
    return this.fallback(userId);
  }

  /** The answer the user's library gives: its best entry, or the fallback when none holds the question's words. */
  async answer(userId: number, question: string) {
    const { index, entries } = await this.indexOf(userId);
    const best = index.best(question);
    const hit = best && entries.get(best.id);
    if (!best || !hit) return { answer: await this.fallback(userId), qa_id: null, score: best?.coverage ?? 0 };
    return { answer: hit.answer, qa_id: hit.id, score: best.coverage };
  }
}
