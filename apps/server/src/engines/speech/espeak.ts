import { runTool } from '../../platform/media/ffmpeg.js';
import { pcmFromWav, type PcmAudio } from './pcm.js';
import type { RunItem, RunLanguage } from './speech-runs.js';

/** One espeak-ng process per language run: the run's words and pauses go in as SSML on stdin. */

const VOICE_BY_LANGUAGE: Record<RunLanguage, string> = { zh: 'cmn-latn-pinyin', en: 'en' };

export interface EspeakVoice {
  /** Variant such as "m3" or "f2". */
  variant: string;
  /** 0–99. */
  pitch: number;
  /** Words per minute, 80–450. */
  speed: number;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function runToSsml(items: RunItem[]): string {
  const body = items
    .map((item) => ('say' in item ? escapeXml(item.say) : `<break time="${Math.round(item.pause * 1000)}ms"/>`))
    .join(' ');
  return `<speak>${body}</speak>`;
}

export async function speakRun(
  lang: RunLanguage,
  items: RunItem[],
  voice: EspeakVoice,
  opts: { bin?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<PcmAudio> {
  const args = [
    '-m',
    '-v',
    `${VOICE_BY_LANGUAGE[lang]}+${voice.variant}`,
    '-s',
    String(Math.round(Math.min(450, Math.max(80, voice.speed)))),
    '-p',
    String(Math.round(Math.min(99, Math.max(0, voice.pitch)))),
    '--stdout',
    '--stdin',
  ];
  const wav = await runTool(opts.bin ?? 'espeak-ng', args, {
    input: runToSsml(items),
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? 60_000,
  });
  return pcmFromWav(wav);
}
