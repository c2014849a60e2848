import { randomBytes } from 'node:crypto';
import { levelFilters, writeRemoteAudio } from './audio-file.js';
import { clampSetting } from './capabilities.js';
import { SpeechError, type SpeechErrorKind } from './errors.js';
import { bearer, callRemote, joinUrl, readJson, type RemoteHttpConfig } from './remote-http.js';
import { assertEnoughSpeech, assertText, fileBlob, semitones } from './remote-common.js';
import { mapPauseTags } from './script.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechEmotion, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/** MiniMax speech: `POST /v1/t2a_v2` (hex audio in the reply), cloning via `/v1/files/upload` + `/v1/voice_clone`. */

export interface MiniMaxConfig extends RemoteHttpConfig {
  baseUrl: string;
  apiKey: string;
  /** Older accounts pass GroupId in the query. */
  groupId?: string;
  model?: string;
}

/** base_resp.status_code -> what went wrong. */
const STATUS_KINDS: Record<number, SpeechErrorKind> = {
  1000: 'service_down',
  1001: 'timeout',
  1002: 'rate_limited',
  1004: 'auth',
  1008: 'quota',
  1013: 'service_down',
  1026: 'bad_input',
  1027: 'bad_input',
  1039: 'rate_limited',
  1042: 'bad_input',
  2013: 'bad_input',
  2037: 'sample_too_short',
  2038: 'auth',
  2039: 'bad_input',
  2042: 'voice_not_found',
  2049: 'auth',
};

const EMOTIONS: Partial<Record<SpeechEmotion, string>> = {
  happy: 'happy',
  sad: 'sad',
  angry: 'angry',
  fearful: 'fearful',
  disgusted: 'disgusted',
  surprised: 'surprised',
  neutral: 'calm',
};

const LANGUAGE_BOOST: Record<string, string> = { zh: 'Chinese', yue: 'Chinese,Yue', en: 'English', ja: 'Japanese', ko: 'Korean' };

interface BaseResp {
  base_resp?: { status_code?: number; status_msg?: string };
}

function checkBaseResp(reply: unknown): void {
  const base = (reply as BaseResp).base_resp;
  const code = base?.status_code ?? -1;
  if (code === 0) return;
  throw new SpeechError(STATUS_KINDS[code] ?? 'failed', `MiniMax status ${code}: ${base?.status_msg ?? 'no base_resp'}`);
}

export function createMiniMaxSpeech(config: MiniMaxConfig): SpeechProvider {
  const url = (path: string) => joinUrl(config.baseUrl, path) + (config.groupId ? `?GroupId=${encodeURIComponent(config.groupId)}` : '');
  const jsonHeaders = { ...bearer(config.apiKey), 'Content-Type': 'application/json' };

  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    assertText(input.text);
    const emotion = input.emotion ? EMOTIONS[input.emotion] : undefined;
    const body = {
      model: config.model ?? 'speech-02-hd',
      // MiniMax writes a pause as <#seconds#>.
      text: mapPauseTags(input.text, (s) => `<#${s}#>`),
      stream: false,
      voice_setting: {
        voice_id: input.voice.voiceRef,
        speed: clampSetting(input.rate, 'rate'),
        vol: clampSetting(input.volume, 'volume'),
        pitch: semitones(clampSetting(input.pitch, 'pitch'), 12),
        ...(emotion ? { emotion } : {}),
      },
      audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
      language_boost: LANGUAGE_BOOST[input.language ?? ''] ?? 'auto',
    };
    const audio = await callRemote({ url: url('/v1/t2a_v2'), headers: jsonHeaders, body: () => JSON.stringify(body), signal: input.signal }, config, async (res) => {
      const reply = await readJson(res);
      checkBaseResp(reply);
      const hex = (reply as { data?: { audio?: unknown } }).data?.audio;
      if (typeof hex !== 'string' || !/^[0-9a-f]+$/i.test(hex)) throw new SpeechError('failed', 'reply without hex audio');
      return Buffer.from(hex, 'hex');
    });
    return writeRemoteAudio(audio, input.outFile, levelFilters({}), input.signal);
  }

  async function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    await assertEnoughSpeech(input.sampleFile, input.signal);
    const { blob, name } = await fileBlob(input.sampleFile);
    const form = () => {
      const f = new FormData();
      f.append('purpose', 'voice_clone');
      f.append('file', blob, name);
      return f;
    };
    const fileId = await callRemote({ url: url('/v1/files/upload'), headers: bearer(config.apiKey), body: form, signal: input.signal }, config, async (res) => {
      const reply = await readJson(res);
      checkBaseResp(reply);
      const id = (reply as { file?: { file_id?: unknown } }).file?.file_id;
      if (typeof id !== 'number' && typeof id !== 'string') throw new SpeechError('failed', 'upload reply without file_id');
      return id;
    });
    // MiniMax voice ids: at least 8 characters, starting with a letter.
    const voiceId = `avatar${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    const body = { file_id: fileId, voice_id: voiceId };
    await callRemote({ url: url('/v1/voice_clone'), headers: jsonHeaders, body: () => JSON.stringify(body), signal: input.signal }, config, async (res) => {
      checkBaseResp(await readJson(res));
    });
    return { voiceRef: voiceId };
  }

  return {
    id: 'minimax',
    name: 'MiniMax 语音',
    description: 'MiniMax 语音合成与快速复刻，支持情绪与语言增强',
    capabilities: { rate: true, volume: true, pitch: true, pauseTags: true, language: true, emotion: true, clone: true },
    synthesize,
    cloneVoice,
  };
}
