import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import MiniSearch from 'minisearch';

/** The dictionary loads once per process (a few MB); every library shares it. */
let jieba: Jieba | null = null;
const segmenter = () => (jieba ??= Jieba.withDict(dict));

/** Words that say nothing about what is asked: matching them alone is no match. */
const FILLER = new Set(
  '的 了 吗 呢 吧 啊 呀 嘛 么 是 在 有 我 你 您 他 她 它 我们 你们 请问 请 一下 这个 那个 什么 怎么 怎么样 如何 可以 能 能不能 会 要 想 和 与 及 就 都 也 还 又 吗？'.split(
    ' ',
  ),
);

/** A text's words for matching: search-mode segmentation (long words and their parts), no punctuation or filler. */
export function wordsOf(text: string): string[] {
  return segmenter()
    .cutForSearch(text.toLowerCase(), true)
    .map((w) => w.trim())
    .filter((w) => w && /[\p{L}\p{N}]/u.test(w) && !FILLER.has(w));
}

/** At least this share of the question's words must be found in a variant, or the fallback answers. */
export const MATCH_MIN_COVERAGE = 0.5;

export interface QaEntry {
  id: number;
  questions: string[];
}

export interface QaMatch {
  id: number;
  /** Share of the question's distinct words the best variant holds (0…1). */
  coverage: number;
}

/** A library's variants indexed once: questions are matched against it until the library changes. */
export class QaIndex {
  private readonly index: MiniSearch<{ id: string; qa: number; text: string }>;
  readonly size: number;

  constructor(entries: readonly QaEntry[]) {
    this.size = entries.length;
    this.index = new MiniSearch<{ id: string; qa: number; text: string }>({
      fields: ['text'],
      storeFields: ['qa'],
      tokenize: wordsOf,
      processTerm: (t) => t,
    });
    this.index.addAll(entries.flatMap((e) => e.questions.map((text, i) => ({ id: `${e.id}:${i}`, qa: e.id, text }))));
  }

  /**
   * The entry whose variants best answer a question: ranked by BM25 over the segmented variants, kept
   * only when the question's words are mostly there (a single shared word in a long question is not an answer).
   */
  best(question: string): QaMatch | null {
    const asked = [...new Set(wordsOf(question))];
    if (!asked.length || !this.size) return null;
    const found = this.index.search(asked.join(' '), { tokenize: (s) => s.split(' '), combineWith: 'OR' });
    for (const hit of found) {
      const coverage = new Set(hit.queryTerms).size / asked.length;
      if (coverage >= MATCH_MIN_COVERAGE) return { id: hit.qa as number, coverage };
    }
    return null;
  }
}

/** The best entry of `entries` for a question (an index built for this one question). */
export function bestQa(entries: readonly QaEntry[], question: string): QaMatch | null {
  return new QaIndex(entries).best(question);
}
