import { join } from 'node:path';
import { CHANNEL_CAPABILITIES, effectiveCapabilities } from './capabilities.js';
import { createCosyVoiceSpeech } from './cosyvoice.js';
import type { SpeechEnv } from './env.js';
import { SpeechError } from './errors.js';
import { createFishSpeech } from './fish.js';
import { createGptSovitsSpeech } from './gpt-sovits.js';
import { createLocalSpeech } from './local.js';
import { createMiniMaxSpeech } from './minimax.js';
import { createVolcengineSpeech } from './volcengine.js';
import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { VOICE_CHANNELS, type SpeechCapabilities, type SpeechProvider, type SpeechProviderId, type VoiceChannelKey } from './types.js';

/** Builds the speech engines from validated configuration and answers "which engine speaks for this channel". */

/** Voice channels (`local` is the offline one); an unconfigured channel's engine is refused with 该声音渠道未配置. */
export interface SpeechChannels extends ChannelRegistry<SpeechProvider> {
  /** Studio controls to show for the channel. */
  capabilities(channel: string): SpeechCapabilities;
}

/** Stands in for an engine without configuration: every call says the channel is not set up, nothing is faked. */
export function unconfiguredSpeech(id: SpeechProviderId): SpeechProvider {
  const fail = () => Promise.reject(new SpeechError('not_configured', `speech provider ${id} is not configured`));
  return {
    id,
    name: id,
    description: '',
    capabilities: { rate: false, volume: false, pitch: false, pauseTags: false, language: false, emotion: false, clone: false },
    synthesize: fail,
    cloneVoice: fail,
  };
}

/** Engines with their settings present; `dataDir` holds reference clips made by cloning. */
export function createSpeechProviders(env: SpeechEnv, opts: { dataDir: string }): Map<SpeechProviderId, SpeechProvider> {
  const http = { timeoutMs: env.SPEECH_TIMEOUT_MS, retries: env.SPEECH_RETRIES };
  const providers = new Map<SpeechProviderId, SpeechProvider>([['local', createLocalSpeech()]]);
  if (env.SPEECH_FISH_KEY) {
    providers.set('fish', createFishSpeech({ ...http, deployment: 'cloud', baseUrl: env.SPEECH_FISH_URL, apiKey: env.SPEECH_FISH_KEY, model: env.SPEECH_FISH_MODEL }));
  }
  if (env.SPEECH_FISH_SPEECH_URL) {
    providers.set('fish-speech', createFishSpeech({ ...http, deployment: 'self-hosted', baseUrl: env.SPEECH_FISH_SPEECH_URL, apiKey: env.SPEECH_FISH_SPEECH_KEY }));
  }
  if (env.SPEECH_MINIMAX_KEY) {
    providers.set(
      'minimax',
      createMiniMaxSpeech({ ...http, baseUrl: env.SPEECH_MINIMAX_URL, apiKey: env.SPEECH_MINIMAX_KEY, groupId: env.SPEECH_MINIMAX_GROUP_ID, model: env.SPEECH_MINIMAX_MODEL }),
    );
  }
  if (env.SPEECH_COSYVOICE_URL) {
    providers.set(
      'cosyvoice',
      createCosyVoiceSpeech({
        ...http,
        baseUrl: env.SPEECH_COSYVOICE_URL,
        sampleRate: env.SPEECH_COSYVOICE_SAMPLE_RATE,
        promptDir: env.SPEECH_COSYVOICE_PROMPT_DIR ?? join(opts.dataDir, 'speech', 'cosyvoice'),
      }),
    );
  }
  if (env.SPEECH_GPT_SOVITS_URL) {
    providers.set(
      'gpt-sovits',
      createGptSovitsSpeech({
        ...http,
        baseUrl: env.SPEECH_GPT_SOVITS_URL,
        referenceDir: env.SPEECH_GPT_SOVITS_REF_DIR ?? join(opts.dataDir, 'speech', 'gpt-sovits'),
        serverReferenceDir: env.SPEECH_GPT_SOVITS_SERVER_REF_DIR,
      }),
    );
  }
  if (env.SPEECH_VOLC_APPID && env.SPEECH_VOLC_TOKEN) {
    providers.set(
      'volcengine',
      createVolcengineSpeech({ ...http, baseUrl: env.SPEECH_VOLC_URL, appId: env.SPEECH_VOLC_APPID, accessToken: env.SPEECH_VOLC_TOKEN, cluster: env.SPEECH_VOLC_CLUSTER }),
    );
  }
  return providers;
}

const CHANNEL_ENV: Record<VoiceChannelKey, keyof SpeechEnv> = {
  fish: 'SPEECH_CHANNEL_FISH',
  hs: 'SPEECH_CHANNEL_HS',
  xf: 'SPEECH_CHANNEL_XF',
  nw: 'SPEECH_CHANNEL_NW',
  mm: 'SPEECH_CHANNEL_MM',
  kyy: 'SPEECH_CHANNEL_KYY',
};

export function createSpeechChannels(env: SpeechEnv, opts: { dataDir: string }): SpeechChannels {
  const providers = createSpeechProviders(env, opts);
  const providerOf = (channel: string): SpeechProvider | undefined => {
    if (channel === 'local') return providers.get('local');
    const choice = env[CHANNEL_ENV[channel as VoiceChannelKey]] as SpeechProviderId | 'none';
    return choice === 'none' ? undefined : providers.get(choice);
  };
  const registry = channelRegistry<SpeechProvider>({
    channels: ['local', ...VOICE_CHANNELS],
    engineOf: providerOf,
    idOf: (engine) => engine.id,
    unavailable: (channel) => new SpeechError('not_configured', `voice channel ${channel} has no configured engine`),
  });
  return {
    ...registry,
    capabilities(channel) {
      const engine = registry.isConfigured(channel) ? providerOf(channel) : undefined;
      if (!engine) return unconfiguredSpeech('local').capabilities;
      return channel === 'local' ? engine.capabilities : effectiveCapabilities(CHANNEL_CAPABILITIES[channel as VoiceChannelKey], engine.capabilities);
    },
  };
}

export * from './types.js';
export { SpeechError, isSpeechError, type SpeechErrorKind } from './errors.js';
export { speechMessages } from './messages.js';
export { CHANNEL_CAPABILITIES, SPEECH_LIMITS, effectiveCapabilities, scriptMaxOf } from './capabilities.js';
export { PAUSE_OPTIONS, CHARS_PER_SECOND, parseScript, pauseTag, stripPauseTags, countScriptChars, estimateSpeechSeconds, totalPauseSeconds } from './script.js';
export { LOCAL_PRESET_VOICES, localVoiceRef, parseLocalVoiceRef } from './local-voice.js';
export { speechEnvShape, speechEnvSchema, channelProviders, type SpeechEnv } from './env.js';
export { createLocalSpeech } from './local.js';
export { createFishSpeech } from './fish.js';
export { createMiniMaxSpeech } from './minimax.js';
export { createCosyVoiceSpeech } from './cosyvoice.js';
export { createGptSovitsSpeech } from './gpt-sovits.js';
export { createVolcengineSpeech } from './volcengine.js';
export { normalizeZh } from './normalize-zh.js';
export { trimWavEdges } from './audio-file.js';
