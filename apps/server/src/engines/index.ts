import type { AppConfig } from '../config.js';
import {
  avatarEnginesConfigFromEnv,
  ChanjingEngine,
  createAvatarEngines,
  type AvatarEngineRegistry,
  type PublicUrlFn,
} from './avatar/index.js';
import { createPhotoEngines, photoEnginesConfigFromEnv, type PhotoVideoEngine } from './photo/index.js';
import { aiMediaEnginesConfigFromEnv, createImageEngines, type ImageEngine } from './image/index.js';
import { createLipSyncEngines, type LipSyncEngine } from './lip-sync/index.js';
import type { ChannelRegistry } from './registry.js';
import { createSpeechChannels, type SpeechChannels } from './speech/index.js';
import { createChatModels, createTextModels, type ChatStreamModel, type TextModel } from './text/index.js';
import { createTranscriptionEngines, type TranscriptionEngine } from './transcription/index.js';
import { createVideoGenerationEngines, type VideoGenerationEngine } from './video-generation/index.js';

/** Every capability's channels, built once at start from configuration and shared by all modules. */
export interface Engines {
  speech: SpeechChannels;
  avatar: AvatarEngineRegistry;
  text: ChannelRegistry<TextModel>;
  /** Talking clips from one still picture. */
  photo: ChannelRegistry<PhotoVideoEngine>;
  /** The chat assistant's streaming models, by the spec's keys v3 and r1. */
  chat: ChannelRegistry<ChatStreamModel>;
  /** AI pictures from a description (可灵, OpenAI-compatible servers). */
  image: ChannelRegistry<ImageEngine>;
  /** AI videos from a description or a first frame (可灵). */
  videoGeneration: ChannelRegistry<VideoGenerationEngine>;
  /** Speech to text with timestamps (OpenAI-compatible or Volcengine file recognition). */
  transcription: ChannelRegistry<TranscriptionEngine>;
  /** An existing video's mouth driven by another audio (mode 1 of video translation), by TRANSLATE_LIPSYNC_ENGINE. */
  lipSync: ChannelRegistry<LipSyncEngine>;
}

export interface EngineDeps {
  /** Signs a local file into a URL a remote engine can fetch. */
  publicUrl: PublicUrlFn;
}

export function createEngines(config: AppConfig, deps: EngineDeps): Engines {
  const aiMedia = aiMediaEnginesConfigFromEnv(config);
  const avatar = createAvatarEngines(avatarEnginesConfigFromEnv(config, { publicUrl: deps.publicUrl }));
  const chanjing = avatar.engines().find((e): e is ChanjingEngine => e instanceof ChanjingEngine);
  return {
    speech: createSpeechChannels(config, { dataDir: config.dataDir }),
    avatar,
    text: createTextModels(config),
    photo: createPhotoEngines({}, photoEnginesConfigFromEnv(config, deps.publicUrl)),
    chat: createChatModels(config),
    image: createImageEngines(aiMedia),
    videoGeneration: createVideoGenerationEngines(aiMedia),
    transcription: createTranscriptionEngines(config, { publicUrl: (file) => deps.publicUrl(file, 'audio') }),
    lipSync: createLipSyncEngines(config, { publicUrl: deps.publicUrl, chanjingClient: chanjing?.client }),
  };
}

/** What live engines read their configuration from: a generation that moves when settings change. */
export interface EngineConfigSource {
  readonly generation: number;
  currentConfig(): AppConfig;
}

/**
 * Engines that follow the console's settings without a restart: each capability is one stable object
 * whose calls go to engines built from the current configuration, rebuilt when its generation moves.
 */
export function createLiveEngines(source: EngineConfigSource, deps: EngineDeps): Engines {
  let generation = source.generation;
  let built = createEngines(source.currentConfig(), deps);
  const current = () => {
    if (source.generation !== generation) {
      generation = source.generation;
      built = createEngines(source.currentConfig(), deps);
    }
    return built;
  };
  const live = <K extends keyof Engines>(key: K): Engines[K] =>
    new Proxy({} as Engines[K], {
      get(_t, prop) {
        const target = current()[key] as object;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
      has: (_t, prop) => Reflect.has(current()[key] as object, prop),
      ownKeys: () => Reflect.ownKeys(current()[key] as object),
      getOwnPropertyDescriptor: (_t, prop) => {
        const d = Reflect.getOwnPropertyDescriptor(current()[key] as object, prop);
        return d ? { ...d, configurable: true } : undefined;
      },
    });
  return {
    speech: live('speech'),
    avatar: live('avatar'),
    text: live('text'),
    photo: live('photo'),
    chat: live('chat'),
    image: live('image'),
    videoGeneration: live('videoGeneration'),
    transcription: live('transcription'),
    lipSync: live('lipSync'),
  };
}

export { channelRegistry, type ChannelRegistry, type ChannelListing } from './registry.js';
export { publicUrlSigner } from './public-url.js';
export { scratchDir } from './scratch.js';
export {
  TRANSCRIPTION_CHANNEL,
  TRANSCRIPTION_LANGUAGES,
  TranscriptionError,
  transcribeSpeech,
  type Transcript,
  type TranscriptSegment,
  type TranscriptionEngine,
  type TranscriptionLanguage,
} from './transcription/index.js';
export { LIP_SYNC_CHANNEL, type LipSyncEngine, type LipSyncChoice } from './lip-sync/index.js';
