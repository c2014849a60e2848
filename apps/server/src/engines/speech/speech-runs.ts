import { markedToNumbered, hanToPinyin } from './pinyin-zh.js';

/** Splits normalised text into language runs with the pauses punctuation asks for. */

export type RunLanguage = 'zh' | 'en';

/** Inside a run: words to say, or a pause in seconds. */
export type RunItem = { say: string } | { pause: number };

export type SpeechPiece = { kind: 'run'; lang: RunLanguage; items: RunItem[] } | { kind: 'pause'; seconds: number };

/** Pause after punctuation at rate 1, in seconds. */
const PUNCTUATION_PAUSE: [RegExp, number][] = [
  [/[\n\r]/, 0.5],
  [/[。！？!?…]/, 0.45],
  [/[；;：:]/, 0.3],
  [/[，、,]/, 0.22],
  [/[.]/, 0.4],
  [/[—–~～]/, 0.2],
];

/** Long runs are cut at sentence ends so several synthesiser processes can work at once. */
const MAX_RUN_SYLLABLES = 120;

// A Han character followed by its tone-marked reading, as the tone-mark tool writes it: 行(háng).
const ANNOTATED = /\p{Script=Han}[（(]([a-zāáǎàēéěèīíǐìōóǒòūúǔùüǖǘǚǜ]+)[)）]/uy;
const HAN = /\p{Script=Han}+/uy;
const LATIN = /[A-Za-z]+(?:['’][A-Za-z]+)*/y;
const PUNCT = /[\n\r。！？!?…；;：:，、,.—–~～]+/y;

function punctuationPause(mark: string): number {
  let longest = 0;
  for (const ch of mark) {
    const hit = PUNCTUATION_PAUSE.find(([re]) => re.test(ch));
    if (hit) longest = Math.max(longest, hit[1]);
  }
  return longest;
}

/** Builds pieces from already-normalised text; `rate` shortens or lengthens punctuation pauses with the speech. */
export function splitSpeechRuns(text: string, rate = 1): SpeechPiece[] {
  const pieces: SpeechPiece[] = [];
  let run: { kind: 'run'; lang: RunLanguage; items: RunItem[]; syllables: number } | undefined;
  let pendingPause = 0;

  const say = (lang: RunLanguage, words: string, syllables: number) => {
    if (!run || run.lang !== lang || (run.syllables >= MAX_RUN_SYLLABLES && pendingPause >= 0.4)) {
      if (pendingPause > 0) pieces.push({ kind: 'pause', seconds: pendingPause });
      run = { kind: 'run', lang, items: [], syllables: 0 };
      pieces.push(run);
    } else if (pendingPause > 0) run.items.push({ pause: pendingPause });
    pendingPause = 0;
    run.items.push({ say: words });
    run.syllables += syllables;
  };

  let at = 0;
  while (at < text.length) {
    const match = (re: RegExp) => {
      re.lastIndex = at;
      return re.exec(text);
    };
    let m: RegExpExecArray | null;
    if ((m = match(ANNOTATED))) {
      const syllable = markedToNumbered(m[1] ?? '');
      if (syllable) say('zh', syllable, 1);
    } else if ((m = match(HAN))) {
      const syllables = hanToPinyin(m[0]);
      if (syllables.length) say('zh', syllables.join(' '), syllables.length);
    } else if ((m = match(LATIN))) {
      say('en', m[0], 1);
    } else if ((m = match(PUNCT))) {
      // Pauses only separate speech: none at the very start, and the longest mark wins.
      if (pieces.length) pendingPause = Math.max(pendingPause, punctuationPause(m[0]) / rate);
    }
    at = m ? at + m[0].length : at + 1;
  }
  return pieces.map((p) => (p.kind === 'run' ? { kind: 'run', lang: p.lang, items: p.items } : p));
}
