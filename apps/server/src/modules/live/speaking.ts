import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIVE_VISEME_BYTES, LIVE_VISEME_FPS } from '@app/contract';
import type { SpeechProvider, SpeechVoice } from '../../engines/speech/index.js';
import { wavFromPcm } from '../../engines/speech/pcm.js';
import { decodeSpeech, SPEECH_RATE } from '../../engines/talking-face/speech.js';
import { visemeTrack } from '../../engines/talking-face/visemes.js';

/** Where a sentence ends: a full stop, a question or exclamation mark, a semicolon, a line break. */
const SENTENCE_END = /[。！？!?；;\n]/;
/** A clause break where a sentence still without an end may be cut once it is long. */
const CLAUSE_BREAK = /[，,、：:]/g;
/** A sentence longer than this is cut at its last clause break, so the avatar does not wait for it whole. */
const LONG_SENTENCE = 60;

/** What is left of a model's text to speak: no markdown marks, no emoji, spaces folded. */
export function speakable(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, '')
    .replace(/[*#`>_~|]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\p{Extended_Pictographic}/gu, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Whether a piece of text has anything to say (not only punctuation). */
const hasWords = (s: string) => /[\p{L}\p{N}]/u.test(s);

/**
 * Cuts a text arriving in pieces into sentences as soon as each is complete: `push` returns the
 * sentences the new piece completed, `end` what remains. Sentences without a word are dropped.
 */
export class SentenceSplitter {
  private buffer = '';

  push(piece: string): string[] {
    this.buffer += piece;
    const out: string[] = [];
    for (;;) {
      const at = this.buffer.search(SENTENCE_END);
      if (at === -1) break;
      // Closing quotes and repeated marks stay with their sentence.
      let end = at + 1;
      while (end < this.buffer.length && /[。！？!?；;”"’）)\n]/.test(this.buffer[end]!)) end++;
      this.take(end, out);
    }
    if (this.buffer.length > LONG_SENTENCE) {
      let cut = -1;
      for (const m of this.buffer.matchAll(CLAUSE_BREAK)) cut = m.index;
      if (cut > 0) this.take(cut + 1, out);
    }
    return out;
  }

  end(): string[] {
    const out: string[] = [];
    this.take(this.buffer.length, out);
    return out;
  }

  private take(end: number, out: string[]) {
    const sentence = speakable(this.buffer.slice(0, end));
    this.buffer = this.buffer.slice(end);
    if (hasWords(sentence)) out.push(sentence);
  }
}

/** A whole text's sentences. */
export function sentencesOf(text: string): string[] {
  const s = new SentenceSplitter();
  return [...s.push(text), ...s.end()];
}

/** 16-bit mono samples of a WAV as written (PCM 16 mono), or null when it is another format. */
function pcm16Mono(wav: Buffer): { samples: Int16Array; rate: number } | null {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return null;
  let at = 12;
  let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ')
      fmt = {
        format: wav.readUInt16LE(at + 8),
        channels: wav.readUInt16LE(at + 10),
        rate: wav.readUInt32LE(at + 12),
        bits: wav.readUInt16LE(at + 22),
      };
    if (id === 'data') {
      if (!fmt || fmt.format !== 1 || fmt.channels !== 1 || fmt.bits !== 16) return null;
      const start = at + 8;
      const end = Math.min(wav.length, start + size);
      const bytes = Buffer.from(wav.subarray(start, end - ((end - start) % 2)));
      return { samples: new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2), rate: fmt.rate };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** The length of speech in whole milliseconds: what the stream says and what its frames cover. */
const durationMsOf = (samples: Int16Array, rate: number) => Math.round((samples.length / rate) * 1000);

/** Mouth shapes of speech: frames × LIVE_VISEME_BYTES bytes (open, a, i, u, m as 0..255), one frame per 1/fps s. */
export function visemeBytes(samples: Int16Array, rate: number, fps = LIVE_VISEME_FPS): Buffer {
  const frames = Math.ceil((durationMsOf(samples, rate) * fps) / 1000);
  const track = visemeTrack(samples, rate, fps, frames);
  const out = Buffer.alloc(frames * LIVE_VISEME_BYTES);
  const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
  for (let f = 0; f < frames; f++) {
    const at = f * LIVE_VISEME_BYTES;
    out[at] = byte(track.open[f]!);
    out[at + 1] = byte(track.a[f]!);
    out[at + 2] = byte(track.i[f]!);
    out[at + 3] = byte(track.u[f]!);
    out[at + 4] = byte(track.m[f]!);
  }
  return out;
}

/** One spoken sentence as the stream sends it. */
export interface SpokenSentence {
  mime: string;
  audio: Buffer;
  durationMs: number;
  visemes: Buffer;
}

/** A voice as a live session speaks with it: its engine and what the engine needs of it. */
export interface LiveVoice {
  engine: SpeechProvider;
  voice: SpeechVoice;
  rate: number;
  volume: number;
  pitch: number;
}

/**
 * The syntheses of every session of this process, a few at a time (as many as the cores) and first
 * sentences first: with many sessions answering at once, each avatar starts speaking before any of them
 * goes on to its later sentences (which play while the first one is heard).
 */
export class SpeechLine {
  private running = 0;
  private readonly waiting: { priority: number; seq: number; start: () => void }[] = [];
  private seq = 0;

  /** Two per core: a synthesis waits on its engine process part of the time (spawn, pipes, a remote engine's reply). */
  constructor(readonly slots = 2 * Math.max(1, os.availableParallelism())) {}

  /** Runs `job` when a slot is free, lower `priority` (the sentence's index) first; a job aborted while it waits never runs. */
  async run<T>(priority: number, signal: AbortSignal, job: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      await new Promise<void>((resolve, reject) => {
        const entry = { priority, seq: this.seq++, start: () => resolve() };
        this.waiting.push(entry);
        this.waiting.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
        signal.addEventListener(
          'abort',
          () => {
            const at = this.waiting.indexOf(entry);
            if (at === -1) return;
            this.waiting.splice(at, 1);
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          },
          { once: true },
        );
      });
    } else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job; only when none waits is it freed.
      if (next) next.start();
      else this.running--;
    }
  }
}

/**
 * Speaks one sentence as a WAV with its mouth shapes. A WAV in 16-bit mono is sent as the engine wrote
 * it; any other output is decoded (16 kHz mono) and sent as such a WAV.
 */
export async function speakSentence(
  scratchDir: string,
  v: LiveVoice,
  text: string,
  signal: AbortSignal,
): Promise<SpokenSentence> {
  await fsp.mkdir(scratchDir, { recursive: true });
  const outFile = path.join(scratchDir, `live-${randomUUID()}.wav`);
  try {
    await v.engine.synthesize({
      text,
      voice: v.voice,
      rate: v.rate,
      volume: v.volume,
      pitch: v.pitch,
      outFile,
      signal,
    });
    const written = await fsp.readFile(outFile);
    let pcm = pcm16Mono(written);
    let audio: Buffer = written;
    if (!pcm) {
      const samples = await decodeSpeech(outFile, signal);
      pcm = { samples, rate: SPEECH_RATE };
      audio = wavFromPcm(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), SPEECH_RATE);
    }
    return {
      mime: 'audio/wav',
      audio,
      durationMs: durationMsOf(pcm.samples, pcm.rate),
      visemes: visemeBytes(pcm.samples, pcm.rate),
    };
  } finally {
    await fsp.rm(outFile, { force: true });
  }
}
