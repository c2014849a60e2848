import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  CAPTION_FONTS,
  captionFontPx,
  captionLineChars,
  captionMarginShare,
  captionStyleShape,
  spokenText,
  type CaptionStyle,
} from '@app/contract';
import { detectSilences } from '../../engines/transcription/vad.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { toSrt } from '../../platform/media/srt.js';

/**
 * Captions of a spoken work: the script split into caption lines, each line timed from the speech that
 * was synthesized for it (or from a transcript), written as SRT (kept, downloadable) and as ASS sized
 * for the output picture (burned in).
 */

const spanShape = z.object({ start: z.number(), end: z.number() });
const cueShape = spanShape.extend({ text: z.string() });

/**
 * What a work with captions keeps in its params: the style asked for, the timed lines once made (a
 * restarted job reuses them) and the SRT it stores (downloadable, removed with the work).
 */
export const captionParamsShape = {
  captions: captionStyleShape.nullable().default(null),
  /** The speech engine's own pieces, when it reported them (spoken-work's speech step). */
  speechSpans: z.array(spanShape).nullable().default(null),
  captionCues: z.array(cueShape).nullable().default(null),
  captionsKey: z.string().nullable().default(null),
};

/** One caption on the video's timeline, in seconds. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** A stretch of the speech where the voice is heard, in seconds. */
export interface VoicedSpan {
  start: number;
  end: number;
}

/** A caption line before it is timed; `pause` tells that the script pauses after it (punctuation, line break). */
export interface CaptionLine {
  text: string;
  pause: boolean;
}

// Marks that end a sentence (always a new line) and marks inside one (a new line only when it is too long).
const SENTENCE_END = /[。！？!?；;…\n]/;
const CLAUSE_END = /[，、,：:—～~]/;
/** Punctuation a line does not end with on screen (the viewer hears the pause instead). */
const TRAILING_QUIET = /[，。、；：,.;:\s]+$/u;
/** A word of Latin script or a number: never broken across lines. */
const WORD = /^[\p{Script=Latin}\d]+(?:['’.\-_%][\p{Script=Latin}\d]+)*%?/u;

/** Half a character for Latin letters, digits and ASCII marks; one for CJK and full-width marks. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u0020-\u007e]/.test(ch) ? 0.5 : 1;
  return w;
}

/** The script cut into tokens: one per CJK character or mark, one per Latin word (with its spaces). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const word = WORD.exec(rest)?.[0];
    const cp = rest.codePointAt(0) ?? 0;
    const token = word ?? String.fromCodePoint(cp);
    out.push(token);
    at += token.length;
  }
  return out;
}

/** Splits a clause too wide for one line into near-equal lines, cutting between tokens only. */
function splitEvenly(clause: string[], max: number): string[] {
  const width = displayWidth(clause.join(''));
  const parts = Math.ceil(width / max);
  const target = width / parts;
  const lines: string[] = [];
  let line = '';
  for (const t of clause) {
    const next = line + t;
    const left = parts - lines.length;
    // A new line once this one has its share (or the next token would not fit), leaving room for the rest.
    if (line.trim() && left > 1 && (displayWidth(next) > max || displayWidth(line) >= target - 0.25)) {
      lines.push(line);
      line = t.trimStart();
    } else line = next;
  }
  if (line.trim()) lines.push(line);
  return lines;
}

const tidy = (line: string) => line.replace(/\s+/g, ' ').trim().replace(TRAILING_QUIET, '');

/**
 * The caption lines of a script: pause tags and tone-mark readings left out, a new line at each sentence's
 * end and line break, long sentences cut at their commas and then evenly, each line at most `maxChars`
 * wide (CJK characters; Latin letters count half), never inside a word of Latin script.
 */
export function captionLines(script: string, maxChars: number): CaptionLine[] {
  const text = spokenText(script).replace(/\r/g, '');
  const lines: CaptionLine[] = [];
  const push = (raw: string, pause: boolean) => {
    const t = tidy(raw);
    if (t && /[\p{L}\p{N}]/u.test(t)) lines.push({ text: t, pause });
    else if (pause && lines.length) lines[lines.length - 1]!.pause = true;
  };
  // Sentences, each with its clauses (a clause keeps its closing mark).
  let clauses: string[][] = [];
  let clause: string[] = [];
  const closeSentence = () => {
    if (clause.length) clauses.push(clause);
    clause = [];
    let line: string[] = [];
    for (const c of clauses) {
      if (line.length && displayWidth(tidy([...line, ...c].join(''))) > maxChars) {
        push(line.join(''), true);
        line = [];
      }
      if (displayWidth(tidy(c.join(''))) > maxChars) {
        const parts = splitEvenly(c, maxChars);
        parts.forEach((part, i) => push(part, i === parts.length - 1));
      } else line.push(...c);
    }
    if (line.length) push(line.join(''), true);
    clauses = [];
  };
  // A sentence closes once its closing marks are all in (……, ！？, a closing quote).
  let closing = false;
  for (const t of tokens(text)) {
    if (closing && !/^[。！？!?；;…”’」』）)】]$/.test(t)) {
      closeSentence();
      closing = false;
    }
    if (t === '\n') closeSentence();
    else if (SENTENCE_END.test(t) || closing) {
      clause.push(t);
      closing = true;
    } else {
      // Closing quotes and brackets stay with what they close.
      if (/^[”’」』）)】]$/.test(t) && !clause.length && clauses.length) clauses[clauses.length - 1]!.push(t);
      else clause.push(t);
      if (CLAUSE_END.test(t)) {
        clauses.push(clause);
        clause = [];
      }
    }
  }
  closeSentence();
  return lines;
}

/** How long a line takes to say, in syllables: a CJK character each, a Latin word by its length, a digit each. */
export function spokenWeight(text: string): number {
  let w = 0;
  for (const t of tokens(text)) {
    if (/^\d/.test(t)) w += t.replace(/\D/g, '').length || 1;
    else if (/^\p{Script=Latin}/u.test(t)) w += Math.max(1, Math.round(t.length / 3));
    else if (/[\p{L}\p{N}]/u.test(t)) w += 1;
  }
  return Math.max(1, w);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Times caption lines over the voiced stretches of their speech. Voiced time is shared out by each line's
 * weight; a line the script pauses after ends at the nearest real pause (a gap between voiced stretches)
 * and the next starts where the voice comes back, so each line shows while it is said. Re-anchored at
 * every pause found, so a slower or faster engine does not drift.
 */
export function alignCaptions(lines: CaptionLine[], spans: VoicedSpan[]): CaptionCue[] {
  const voiced = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  if (!lines.length || !voiced.length) return [];
  // Voiced time before each span's start, to move between the real timeline and the voiced one.
  const before: number[] = [];
  let total = 0;
  for (const s of voiced) {
    before.push(total);
    total += s.end - s.start;
  }
  const toReal = (v: number): number => {
    for (let i = voiced.length - 1; i >= 0; i--)
      if (v >= before[i]! - 1e-9) return voiced[i]!.start + Math.min(v - before[i]!, voiced[i]!.end - voiced[i]!.start);
    return voiced[0]!.start;
  };
  const weights = lines.map((l) => spokenWeight(l.text));
  const cuts: { end: number; next: number }[] = [];
  let anchorV = 0;
  let anchorW = 0;
  let gapFrom = 1;
  const totalW = weights.reduce((a, b) => a + b, 0);
  let doneW = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    doneW += weights[i]!;
    const share = (doneW - anchorW) / (totalW - anchorW);
    const target = anchorV + share * (total - anchorV);
    const lineV = ((total - anchorV) * weights[i]!) / (totalW - anchorW);
    let best = -1;
    if (lines[i]!.pause) {
      let bestCost = Infinity;
      for (let g = gapFrom; g < voiced.length; g++) {
        const d = Math.abs(before[g]! - target);
        if (before[g]! - target > lineV) break;
        const gap = voiced[g]!.start - voiced[g - 1]!.end;
        const cost = d - 0.5 * Math.min(gap, 1);
        if (d <= Math.max(0.35, 0.6 * lineV) && cost < bestCost) {
          bestCost = cost;
          best = g;
        }
      }
    }
    if (best > 0) {
      cuts.push({ end: voiced[best - 1]!.end, next: voiced[best]!.start });
      anchorV = before[best]!;
      anchorW = doneW;
      gapFrom = best + 1;
    } else {
      const t = toReal(target);
      cuts.push({ end: t, next: t });
    }
  }
  const first = voiced[0]!.start;
  const last = voiced[voiced.length - 1]!.end;
  return lines.map((l, i) => ({
    start: round3(i === 0 ? first : cuts[i - 1]!.next),
    end: round3(i === lines.length - 1 ? last : cuts[i]!.end),
    text: l.text,
  }));
}

/** Lines heard within one transcript segment: its time shared by weight. */
export function spreadOver(lines: CaptionLine[], start: number, end: number): CaptionCue[] {
  const total = lines.reduce((n, l) => n + spokenWeight(l.text), 0);
  let at = start;
  return lines.map((l) => {
    const from = at;
    at += ((end - start) * spokenWeight(l.text)) / total;
    return { start: round3(from), end: round3(at), text: l.text };
  });
}

/** The voiced stretches of a speech file: what ffmpeg's silencedetect does not call silence. */
export async function voicedSpans(file: string, signal?: AbortSignal): Promise<VoicedSpan[]> {
  const { duration } = await probe(file, { signal });
  const silences = await detectSilences(file, { noiseDb: -40, minSilence: 0.12 });
  const spans: VoicedSpan[] = [];
  let at = 0;
  for (const s of silences) {
    if (s.start > at + 0.02) spans.push({ start: round3(at), end: round3(Math.min(s.start, duration)) });
    at = Math.max(at, s.end);
  }
  if (duration > at + 0.02) spans.push({ start: round3(at), end: round3(duration) });
  return spans;
}

/** Where both lists hear a voice: the stretches silence detection found, cut to the pieces an engine reports. */
export function intersectSpans(a: VoicedSpan[], b: VoicedSpan[]): VoicedSpan[] {
  const out: VoicedSpan[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end - start > 0.02) out.push({ start, end });
    }
  return out.sort((p, q) => p.start - q.start);
}

/** SubRip text of the cues. */
export const captionsSrt = (cues: CaptionCue[]) => toSrt(cues);

/** `#rrggbb` and an opacity (0 opaque … 255 clear) as ASS writes colours: &HAABBGGRR. */
function assColor(hex: string, alpha = 0): string {
  const h = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `&H${h(alpha)}${h(b ?? 0)}${h(g ?? 0)}${h(r ?? 0)}`;
}

/** 3723.5 -> "1:02:03.50" (ASS keeps centiseconds). */
function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(cs / 360000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** Braces and backslashes would be read as ASS commands: shown as their full-width forms. */
const assText = (text: string) =>
  text.replace(/\{/g, '｛').replace(/\}/g, '｝').replace(/\\/g, '＼').replace(/\n/g, '\\N');

/** How the style is drawn on a picture of `width` × `height`: the numbers ASS and the preview both use. */
export function captionGeometry(style: CaptionStyle, width: number, height: number) {
  const fontPx = captionFontPx(style, width, height);
  return {
    fontPx,
    /** Outline thickness, or the box's padding. */
    border: style.look === 'box' ? Math.max(4, Math.round(fontPx * 0.22)) : Math.max(2, Math.round(fontPx * 0.08)),
    marginV: Math.round(height * captionMarginShare(width, height)),
    marginH: Math.round(width * 0.05),
  };
}

/** An ASS script drawing the cues in `style` on a picture of exactly `width` × `height` (PlayRes = the video's size). */
export function captionsAss(cues: CaptionCue[], style: CaptionStyle, width: number, height: number): string {
  const g = captionGeometry(style, width, height);
  const box = style.look === 'box';
  const alignment = { bottom: 2, middle: 5, top: 8 }[style.position];
  const styleLine = [
    'Caption',
    CAPTION_FONTS[style.font].family,
    g.fontPx,
    assColor(style.color),
    assColor(style.color),
    // Outline colour (the box's colour with BorderStyle 3), then the shadow's.
    box ? assColor('#000000', 0x60) : assColor('#000000'),
    box ? assColor('#000000', 0x60) : assColor('#000000', 0x80),
    -1,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    box ? 3 : 1,
    g.border,
    box ? 0 : Math.max(1, Math.round(g.fontPx * 0.03)),
    alignment,
    g.marginH,
    g.marginH,
    style.position === 'middle' ? 0 : g.marginV,
    1,
  ].join(',');
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${styleLine}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues
      .filter((c) => c.end > c.start)
      .map((c) => `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Caption,,0,0,0,,${assText(c.text)}`),
    '',
  ].join('\n');
}

/** The line width in characters the style allows on this picture. */
export const lineCharsFor = (style: CaptionStyle, width: number, height: number) =>
  captionLineChars(style, width, height);

/** Writes the ASS for a video file (its own size) into `dir`; answers its path. */
export async function writeCaptionsAss(
  dir: string,
  cues: CaptionCue[],
  style: CaptionStyle,
  size: { width: number; height: number },
): Promise<string> {
  const file = path.join(dir, 'captions.ass');
  await writeFile(file, captionsAss(cues, style, size.width, size.height));
  return file;
}
