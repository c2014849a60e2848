import { randomUUID } from 'node:crypto';
import { levelFilters, writeRemoteAudio } from './audio-file.js';
import { clampSetting } from './capabilities.js';
import { SpeechError, type SpeechErrorKind } from './errors.js';
import { speechMessages } from './messages.js';
import { callRemote, joinUrl, readJson, type RemoteHttpConfig } from './remote-http.js';
import { assertText } from './remote-common.js';
import { parseScript } from './script.js';
import type { CloneVoiceInput, CloneVoiceResult, SpeechEmotion, SpeechProvider, SynthesizeInput, SynthesizeResult } from './types.js';

/** Volcengine (火山引擎) speech synthesis, HTTP `POST /api/v1/tts` with `Authorization: Bearer;<token>`; code 3000 = success. */

export interface VolcengineConfig extends RemoteHttpConfig {
  baseUrl: string;
  appId: string;
  accessToken: string;
  cluster?: string;
  /** Any stable id of the calling application's user. */
  uid?: string;
}

const CODE_KINDS: Record<number, SpeechErrorKind> = {
  3001: 'bad_input',
  3003: 'rate_limited',
  3005: 'service_down',
  3006: 'service_down',
  3010: 'bad_input',
  3011: 'bad_input',
  3030: 'service_down',
  3031: 'service_down',
  3032: 'service_down',
  3040: 'service_down',
  3050: 'voice_not_found',
};

const EMOTIONS: Partial<Record<SpeechEmotion, string>> = {
  happy: 'happy',
  sad: 'sad',
  angry: 'angry',
  fearful: 'fear',
  disgusted: 'hate',
  surprised: 'surprised',
  neutral: 'neutral',
};

/** Code plus message -> kind; auth and balance problems arrive as generic codes with telling messages. */
function kindOf(code: number, message: string): SpeechErrorKind {
  if (/auth|grant|token|appid|access denied/i.test(message)) return 'auth';
  if (/quota|balance|欠费|余额|额度/i.test(message)) return 'quota';
  return CODE_KINDS[code] ?? 'failed';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Pause tags become SSML breaks; plain text otherwise. */
function requestText(script: string): { text: string; text_type: 'plain' | 'ssml' } {
  const parts = parseScript(script);
  if (!parts.some((p) => p.kind === 'pause')) return { text: script.trim(), text_type: 'plain' };
  const body = parts.map((p) => (p.kind === 'pause' ? `<break time="${Math.round(p.seconds * 1000)}ms"/>` : escapeXml(p.text))).join('');
  return { text: `<speak>${body}</speak>`, text_type: 'ssml' };
}

export function createVolcengineSpeech(config: VolcengineConfig): SpeechProvider {
  async function synthesize(input: SynthesizeInput): Promise<SynthesizeResult> {
    assertText(input.text);
    const emotion = input.emotion ? EMOTIONS[input.emotion] : undefined;
    const body = {
      app: { appid: config.appId, token: config.accessToken, cluster: config.cluster ?? 'volcano_tts' },
      user: { uid: config.uid ?? 'avatar-studio' },
      audio: {
        voice_type: input.voice.voiceRef,
        encoding: 'mp3',
        speed_ratio: clampSetting(input.rate, 'rate'),
        volume_ratio: clampSetting(input.volume, 'volume'),
        pitch_ratio: clampSetting(input.pitch, 'pitch'),
        ...(emotion ? { emotion, enable_emotion: true } : {}),
        ...(input.language ? { explicit_language: input.language } : {}),
      },
      request: { reqid: randomUUID(), ...requestText(input.text), operation: 'query' },
    };
    const audio = await callRemote(
      {
        url: joinUrl(config.baseUrl, '/api/v1/tts'),
        headers: { Authorization: `Bearer;${config.accessToken}`, 'Content-Type': 'application/json' },
        body: () => JSON.stringify(body),
        signal: input.signal,
      },
      config,
      async (res) => {
        const reply = (await readJson(res)) as { code?: number; message?: string; data?: unknown };
        if (reply.code !== 3000) throw new SpeechError(kindOf(reply.code ?? -1, reply.message ?? ''), `Volcengine ${reply.code}: ${reply.message}`);
        if (typeof reply.data !== 'string' || !reply.data) throw new SpeechError('failed', 'reply without audio data');
        return Buffer.from(reply.data, 'base64');
      },
      (status, text) => {
        try {
          const reply = JSON.parse(text) as { code?: number; message?: string };
          if (typeof reply.code === 'number') return status >= 500 ? 'service_down' : kindOf(reply.code, reply.message ?? '');
        } catch {
          // Not JSON: the HTTP status decides.
        }
        return undefined;
      },
    );
    return writeRemoteAudio(audio, input.outFile, levelFilters({}), input.signal);
  }

  function cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult> {
    // Volcengine clones only into speaker slots bought in its console; this channel offers its catalogue voices.
    return Promise.reject(new SpeechError('clone_unsupported', `volcengine clone of ${input.name} needs console-provisioned speaker ids`, speechMessages.cloneUnsupported));
  }

  return {
    id: 'volcengine',
    name: '火山引擎语音',
    description: '火山引擎（豆包）语音合成，支持语速、音量、音调、停顿与情感',
    capabilities: { rate: true, volume: true, pitch: true, pauseTags: true, language: true, emotion: true, clone: false },
    synthesize,
    cloneVoice,
  };
}
