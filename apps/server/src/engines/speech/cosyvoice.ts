import { probe } from '../../platform/media/ffmpeg.js';
import { levelFilters, writeRemoteAudio } from './audio-file.js';
import { clampSetting } from './capabilities.js';
import { callRemote, joinUrl, type RemoteHttpConfig } from './remote-http.js';
import { assertEnoughSpeech, fileBlob, textWithoutPauseTags } from './remote-common.js';
import { cutReferenceClip } from './reference-clip.js';
import { wavFromPcm } from './pcm.js';
import { SpeechError } from './errors.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/**
 * CosyVoice's FastAPI server: `/inference_zero_shot` (tts_text, prompt_text, prompt_wav) or, without a transcript,
 * `/inference_cross_lingual` (tts_text, prompt_wav); both stream raw 16-bit mono PCM at the model's rate.
 * Voices named `spk:<id>` use the built-in speakers through `/inference_sft`.
 */

export interface CosyVoiceConfig extends RemoteHttpConfig {
  baseUrl: string;
  /** 22050 for CosyVoice 1, 24000 for CosyVoice 2. */
  sampleRate?: number;
  /** Where reference clips made by cloning are kept (the server receives them with every request). */
  promptDir: string;
}

/** CosyVoice takes prompts up to 30 s at 16 kHz; 20 s keeps requests small. */
const PROMPT_SECONDS = 20;

export function createCosyVoiceSpeech(config: CosyVoiceConfig): SpeechProvider {
  const sampleRate = config.sampleRate ?? 22050;

  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    const text = textWithoutPauseTags(input.text);
    const ref = input.voice.voiceRef;
    let path: string;
    let form: () => FormData;
    if (ref.startsWith('spk:')) {
      path = '/inference_sft';
      form = () => formOf({ tts_text: text, spk_id: ref.slice(4) });
    } else {
      const prompt = await fileBlob(ref);
      const promptText = input.voice.promptText?.trim();
      path = promptText ? '/inference_zero_shot' : '/inference_cross_lingual';
      form = () => {
        const f = formOf(promptText ? { tts_text: text, prompt_text: promptText } : { tts_text: text });
        f.append('prompt_wav', prompt.blob, prompt.name);
        return f;
      };
    }
    const pcm = await callRemote({ url: joinUrl(config.baseUrl, path), body: form, signal: input.signal }, config, async (res) =>
      Buffer.from(await res.arrayBuffer()),
    );
    if (pcm.length < 2) throw new SpeechError('failed', 'CosyVoice returned no samples');
    const even = pcm.subarray(0, pcm.length - (pcm.length % 2));
    // The server has no speed or volume fields, so both are applied to its output.
    const filters = levelFilters({ volume: clampSetting(input.volume, 'volume'), tempo: clampSetting(input.rate, 'rate') });
    return writeRemoteAudio(wavFromPcm(even, sampleRate), input.outFile, filters, input.signal);
  }

  async function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    await assertEnoughSpeech(input.sampleFile, input.signal);
    const clip = await cutReferenceClip(input.sampleFile, config.promptDir, { maxSeconds: PROMPT_SECONDS, sampleRate: 16000, signal: input.signal });
    // A transcript only fits the clip when the clip is the whole sample; otherwise the cross-lingual mode needs none.
    const whole = (await probe(input.sampleFile)).duration <= PROMPT_SECONDS;
    return { voiceRef: clip, promptText: whole ? input.promptText : undefined };
  }

  return {
    id: 'cosyvoice',
    name: 'CosyVoice',
    description: '自部署 CosyVoice 零样本声音克隆合成',
    capabilities: { rate: true, volume: true, pitch: false, pauseTags: false, language: false, emotion: false, clone: true },
    synthesize,
    cloneVoice,
  };
}

function formOf(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
