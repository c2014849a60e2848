import { join } from 'node:path';
import { basename } from 'node:path';
import { levelFilters, writeRemoteAudio } from './audio-file.js';
import { clampSetting } from './capabilities.js';
import { callRemote, joinUrl, readAudio, type RemoteHttpConfig } from './remote-http.js';
import { assertEnoughSpeech, textWithoutPauseTags } from './remote-common.js';
import { cutReferenceClip } from './reference-clip.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/** GPT-SoVITS `api_v2.py`: `POST /tts` with a reference clip path that the GPT-SoVITS server itself can read. */

export interface GptSovitsConfig extends RemoteHttpConfig {
  baseUrl: string;
  /** Folder shared with the GPT-SoVITS server, as this process sees it. */
  referenceDir: string;
  /** The same folder as the GPT-SoVITS server sees it; defaults to referenceDir. */
  serverReferenceDir?: string;
  /** Language of the reference clips. */
  promptLang?: string;
}

/** GPT-SoVITS accepts reference clips of 3–10 seconds. */
const REFERENCE_SECONDS = 9;

const TEXT_LANGS = new Set(['zh', 'en', 'ja', 'ko', 'yue', 'auto', 'all_zh', 'all_ja', 'all_yue', 'all_ko', 'auto_yue']);

export function createGptSovitsSpeech(config: GptSovitsConfig): SpeechProvider {
  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    const body = {
      text: textWithoutPauseTags(input.text),
      text_lang: TEXT_LANGS.has(input.language ?? '') ? input.language : 'zh',
      ref_audio_path: input.voice.voiceRef,
      prompt_text: input.voice.promptText ?? '',
      prompt_lang: config.promptLang ?? 'zh',
      speed_factor: clampSetting(input.rate, 'rate'),
      media_type: 'wav',
      streaming_mode: false,
      text_split_method: 'cut5',
    };
    const audio = await callRemote(
      { url: joinUrl(config.baseUrl, '/tts'), headers: { 'Content-Type': 'application/json' }, body: () => JSON.stringify(body), signal: input.signal },
      config,
      readAudio,
    );
    // api_v2 has no volume field: loudness is applied to its output.
    return writeRemoteAudio(audio, input.outFile, levelFilters({ volume: clampSetting(input.volume, 'volume') }), input.signal);
  }

  async function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    await assertEnoughSpeech(input.sampleFile, input.signal);
    const clip = await cutReferenceClip(input.sampleFile, config.referenceDir, { maxSeconds: REFERENCE_SECONDS, sampleRate: 32000, signal: input.signal });
    // The clip is cut from a longer sample, so a transcript of the whole sample would not match it.
    return { voiceRef: join(config.serverReferenceDir ?? config.referenceDir, basename(clip)) };
  }

  return {
    id: 'gpt-sovits',
    name: 'GPT-SoVITS',
    description: '自部署 GPT-SoVITS 零样本声音克隆合成',
    capabilities: { rate: true, volume: true, pitch: false, pauseTags: false, language: true, emotion: false, clone: true },
    synthesize,
    cloneVoice,
  };
}
