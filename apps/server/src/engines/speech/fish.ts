import { randomUUID } from 'node:crypto';
import { levelFilters, writeRemoteAudio } from './audio-file.js';
import { clampSetting } from './capabilities.js';
import { SpeechError } from './errors.js';
import { bearer, callRemote, joinUrl, readAudio, readJson, type RemoteHttpConfig } from './remote-http.js';
import { assertEnoughSpeech, fileBlob, textWithoutPauseTags } from './remote-common.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/**
 * Fish Audio cloud and self-hosted Fish Speech share `POST /v1/tts` (text, reference_id, format, latency; model header).
 * They differ in cloning: the cloud creates a model (`POST /model`), Fish Speech stores a reference (`/v1/references/add`).
 */

export interface FishConfig extends RemoteHttpConfig {
  /** "cloud" = api.fish.audio, "self-hosted" = a Fish Speech api_server. */
  deployment: 'cloud' | 'self-hosted';
  baseUrl: string;
  apiKey?: string;
  /** Sent as the `model` header, e.g. "s1". */
  model?: string;
  latency?: 'normal' | 'balanced';
}

export function createFishSpeech(config: FishConfig): SpeechProvider {
  const cloud = config.deployment === 'cloud';
  const headers = (extra: Record<string, string> = {}) => ({ ...bearer(config.apiKey), ...(config.model ? { model: config.model } : {}), ...extra });

  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    const rate = clampSetting(input.rate, 'rate');
    const body = {
      text: textWithoutPauseTags(input.text),
      reference_id: input.voice.voiceRef || null,
      format: 'mp3',
      mp3_bitrate: 128,
      latency: config.latency ?? 'normal',
      normalize: true,
      ...(Math.abs(rate - 1) > 1e-3 ? { prosody: { speed: rate, volume: 0 } } : {}),
    };
    const audio = await callRemote(
      { url: joinUrl(config.baseUrl, '/v1/tts'), headers: headers({ 'Content-Type': 'application/json' }), body: () => JSON.stringify(body), signal: input.signal },
      config,
      readAudio,
      (status) => (status === 402 ? 'quota' : status === 404 ? 'voice_not_found' : undefined),
    );
    return writeRemoteAudio(audio, input.outFile, levelFilters({}), input.signal);
  }

  async function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    await assertEnoughSpeech(input.sampleFile, input.signal);
    const { blob, name } = await fileBlob(input.sampleFile);
    if (cloud) {
      const form = () => {
        const f = new FormData();
        f.append('type', 'tts');
        f.append('title', input.name);
        f.append('train_mode', 'fast');
        f.append('visibility', 'private');
        f.append('voices', blob, name);
        if (input.promptText) f.append('texts', input.promptText);
        return f;
      };
      const reply = await callRemote({ url: joinUrl(config.baseUrl, '/model'), headers: headers(), body: form, signal: input.signal }, config, readJson);
      const id = (reply as { _id?: unknown })._id;
      if (typeof id !== 'string' || !id) throw new SpeechError('failed', 'model reply without _id');
      return { voiceRef: id, promptText: input.promptText };
    }
    const id = `voice-${randomUUID()}`;
    const form = () => {
      const f = new FormData();
      f.append('id', id);
      f.append('audio', blob, name);
      f.append('text', input.promptText ?? '');
      return f;
    };
    await callRemote({ url: joinUrl(config.baseUrl, '/v1/references/add'), headers: headers(), body: form, signal: input.signal }, config, async (res) => {
      await res.arrayBuffer();
    });
    return { voiceRef: id, promptText: input.promptText };
  }

  return {
    id: cloud ? 'fish' : 'fish-speech',
    name: cloud ? 'Fish Audio' : 'Fish Speech（自部署）',
    description: cloud ? 'Fish Audio 云端语音合成与声音克隆' : '自部署 Fish Speech 语音合成与声音克隆',
    capabilities: { rate: true, volume: false, pitch: false, pauseTags: false, language: false, emotion: false, clone: true },
    synthesize,
    cloneVoice,
  };
}
