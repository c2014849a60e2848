import { availableParallelism } from 'node:os';
import { mapLimited } from '../../platform/map-limited.js';
import { clampSetting } from './capabilities.js';
import { SpeechError } from './errors.js';
import { speakRun } from './espeak.js';
import { levelFilters, writePcm } from './audio-file.js';
import { localVoiceRef, resolveLocalVoice } from './local-voice.js';
import { speechMessages } from './messages.js';
import { normalizeZh } from './normalize-zh.js';
import { ESPEAK_SAMPLE_RATE, silence, trimSilence } from './pcm.js';
import { parseScript } from './script.js';
import { splitSpeechRuns, type SpeechPiece } from './speech-runs.js';
import { analyseVoiceSample } from './voice-profile.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/** The offline engine: normalised text -> pinyin -> espeak-ng per language run -> one ffmpeg encode. */

export interface LocalSpeechConfig {
  espeakBin?: string;
  /** Parallel espeak-ng processes; defaults to the CPU count. */
  concurrency?: number;
}

/** Pieces of the whole script, with pause tags as exact silences. */
export function planScript(text: string, rate: number): SpeechPiece[] {
  const pieces: SpeechPiece[] = [];
  for (const part of parseScript(text)) {
    if (part.kind === 'pause') pieces.push({ kind: 'pause', seconds: part.seconds });
    else pieces.push(...splitSpeechRuns(normalizeZh(part.text), rate));
  }
  return pieces;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function createLocalSpeech(config: LocalSpeechConfig = {}): SpeechProvider {
  const concurrency = config.concurrency ?? Math.max(1, availableParallelism());

  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    const rate = clampSetting(input.rate, 'rate');
    const volume = clampSetting(input.volume, 'volume');
    const pitch = clampSetting(input.pitch, 'pitch');
    const pieces = planScript(input.text, rate);
    if (!pieces.some((p) => p.kind === 'run'))
      throw new SpeechError('bad_input', 'nothing speakable', speechMessages.emptyText);
    const settings = resolveLocalVoice(input.voice);
    const voice = { variant: settings.variant, pitch: settings.basePitch * pitch, speed: settings.speed * rate };
    const chunks = await mapLimited(pieces, concurrency, async (piece) => {
      if (piece.kind === 'pause') return silence(piece.seconds, ESPEAK_SAMPLE_RATE);
      const pcm = await speakRun(piece.lang, piece.items, voice, { bin: config.espeakBin, signal: input.signal });
      if (pcm.sampleRate !== ESPEAK_SAMPLE_RATE)
        throw new SpeechError('failed', `unexpected espeak-ng rate ${pcm.sampleRate}`);
      // Trimmed so that pause tags measure what they say; the kept edges keep language switches from running together.
      return trimSilence(pcm.data, ESPEAK_SAMPLE_RATE, 0.06);
    }).catch((e: unknown) => {
      if (e instanceof SpeechError) throw e;
      throw new SpeechError('failed', String(e));
    });
    // Each spoken piece's place in the output (pauses are not speech): what the captions are timed with.
    const spans: { start: number; end: number }[] = [];
    let at = 0;
    chunks.forEach((chunk, i) => {
      const seconds = chunk.length / 2 / ESPEAK_SAMPLE_RATE;
      if (pieces[i]?.kind === 'run' && seconds > 0) spans.push({ start: round3(at), end: round3(at + seconds) });
      at += seconds;
    });
    const written = await writePcm(
      Buffer.concat(chunks),
      ESPEAK_SAMPLE_RATE,
      input.outFile,
      levelFilters({ volume }),
      input.signal,
    );
    return { ...written, spans };
  }

  async function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    const profile = await analyseVoiceSample(input.sampleFile, input.signal);
    return { voiceRef: localVoiceRef(profile), profile };
  }

  return {
    id: 'local',
    name: speechMessages.localChannelName,
    description: speechMessages.localChannelDescription,
    capabilities: {
      rate: true,
      volume: true,
      pitch: true,
      pauseTags: true,
      language: false,
      emotion: false,
      clone: true,
    },
    synthesize,
    cloneVoice,
  };
}
