import { z } from 'zod';
import type { ChanjingConfig } from './chanjing.js';
import type { DuixConfig } from './duix.js';
import type { LocalEngineConfig } from './local.js';
import type { PublicUrlFn } from './types.js';

/** The spec's video channel keys plus our offline one. */
export const VIDEO_CHANNELS = ['local', 'lipsync', 'ou', 'gj', 'df', 'fy'] as const;
export type VideoChannel = (typeof VIDEO_CHANNELS)[number];

export const AVATAR_PROVIDERS = ['local', 'lipsync', 'duix', 'chanjing'] as const;
export type AvatarProviderId = (typeof AVATAR_PROVIDERS)[number];

export type ChannelMap = Record<VideoChannel, AvatarProviderId | null>;

// Unset and empty env vars mean the same thing.
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());
const ms = (fallback: number) => z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(fallback));

/** Env vars of the avatar video engines, merged into the platform's config schema. */
export const avatarEnvShape = {
  /**
   * `channel=provider` pairs mapping the video channels (`local`, `lipsync`, `ou`, `gj`, `df`, `fy`) to engines
   * (`local`, `lipsync`, `duix`, `chanjing`); a channel left out or given no engine is not listed.
   */
  AVATAR_CHANNELS: z.preprocess(blankToUndefined, z.string().default('local=local,lipsync=lipsync,ou=duix,df=duix,gj=chanjing')),
  /** Renders the local engines (the 1.0 composer and the offline lip-sync) run at once, across all processes. */
  AVATAR_LOCAL_MAX_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(2)),
  /**
   * The Duix.Avatar (HeyGem) gen-video service (`/easy/submit`, `/easy/query`), one render at a time; unset, the
   * channels mapped to `duix` (ou, df) are hidden.
   */
  DUIX_BASE_URL: optionalUrl,
  /**
   * How files reach Duix: by signed `url` (our `PUBLIC_URL` must be reachable from Duix), or as copies in a directory
   * both mount (`shared`).
   */
  DUIX_INPUT_MODE: z.preprocess(blankToUndefined, z.enum(['url', 'shared']).default('url')),
  /** With `DUIX_INPUT_MODE=shared`: the shared directory as this server sees it (required for `shared`). */
  DUIX_SHARED_HOST_DIR: optionalText,
  /** The shared directory as the Duix service sees it. */
  DUIX_SHARED_ENGINE_DIR: z.preprocess(blankToUndefined, z.string().default('/code/data')),
  /** Where result paths that Duix answers without a host are fetched from. */
  DUIX_RESULT_BASE_URL: optionalUrl,
  /** How often a Duix task is read. */
  DUIX_POLL_INTERVAL_MS: ms(3000),
  /** How long one Duix render may take. */
  DUIX_TIMEOUT_MS: ms(60 * 60_000),
  /** 蝉镜 API root. */
  CHANJING_BASE_URL: z.preprocess(blankToUndefined, z.url().default('https://open-api.chanjing.cc')),
  /**
   * 蝉镜 app id; with the secret key it enables the gj channel and 蝉镜 lip-sync of translated videos (unset: gj is
   * hidden).
   */
  CHANJING_APP_ID: optionalText,
  /** 蝉镜 secret key. */
  CHANJING_SECRET_KEY: optionalText,
  /**
   * Where 蝉镜 reports a finished video: set it to `PUBLIC_URL` + `/api/callback/chanjing`. The callback only wakes the
   * poll, which reads the result from 蝉镜 itself.
   */
  CHANJING_CALLBACK_URL: optionalUrl,
  /** 蝉镜 model: `1` asks for its high-quality model, any other value the standard one. */
  CHANJING_MODEL: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(2).default(0)),
  /** 蝉镜 renders at once (gj videos and 蝉镜 lip-sync of translations share them). */
  CHANJING_MAX_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(2)),
  /** How often a 蝉镜 video task is read. */
  CHANJING_POLL_INTERVAL_MS: ms(5000),
  /** How long one 蝉镜 video may take. */
  CHANJING_TIMEOUT_MS: ms(60 * 60_000),
  /**
   * How long an avatar waits for its 蝉镜 customised person (trained when a 30–300 s avatar is prepared) to finish
   * training.
   */
  CHANJING_PERSON_TIMEOUT_MS: ms(3 * 60 * 60_000),
  /** How often a 蝉镜 customised person's training is read. */
  CHANJING_PERSON_POLL_INTERVAL_MS: ms(15_000),
  /**
   * First delay before an engine's failed part of an avatar is tried again when the failure may pass (蝉镜 unreachable,
   * its system error, a training not done in time); doubled for each of 5 tries.
   */
  AVATAR_ENGINE_RETRY_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(600)),
};

export const avatarEnvSchema = z.object(avatarEnvShape);
export type AvatarEnv = z.infer<typeof avatarEnvSchema>;

/** Parses "local=local,ou=duix,gj=" into a full map; unknown channels or providers are config errors. */
export function parseChannelMap(spec: string): ChannelMap {
  const map: ChannelMap = { local: null, lipsync: null, ou: null, gj: null, df: null, fy: null };
  for (const pair of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [channel = '', provider = ''] = pair.split('=').map((s) => s.trim());
    if (!(VIDEO_CHANNELS as readonly string[]).includes(channel)) throw new Error(`AVATAR_CHANNELS: unknown channel "${channel}"`);
    if (provider && !(AVATAR_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`AVATAR_CHANNELS: unknown provider "${provider}"`);
    map[channel as VideoChannel] = provider ? (provider as AvatarProviderId) : null;
  }
  return map;
}

/** Everything the factory needs; providers absent here are not configured. */
export interface AvatarEnginesConfig {
  channels: ChannelMap;
  local: LocalEngineConfig;
  duix?: DuixConfig;
  chanjing?: ChanjingConfig;
  /** Why a provider is missing, for the channel list. */
  missing: Partial<Record<AvatarProviderId, string>>;
}

/** Turns validated env into engine configs; `publicUrl` comes from the storage driver. */
export function avatarEnginesConfigFromEnv(env: AvatarEnv, deps: { publicUrl?: PublicUrlFn } = {}): AvatarEnginesConfig {
  const missing: AvatarEnginesConfig['missing'] = {};
  let duix: DuixConfig | undefined;
  const shared = env.DUIX_SHARED_HOST_DIR ? { hostDir: env.DUIX_SHARED_HOST_DIR, engineDir: env.DUIX_SHARED_ENGINE_DIR } : undefined;
  if (!env.DUIX_BASE_URL) missing.duix = 'DUIX_BASE_URL is not set';
  else if (env.DUIX_INPUT_MODE === 'shared' && !shared) missing.duix = 'DUIX_INPUT_MODE=shared needs DUIX_SHARED_HOST_DIR';
  else if (env.DUIX_INPUT_MODE === 'url' && !deps.publicUrl) missing.duix = 'no public URL signer for DUIX_INPUT_MODE=url';
  else {
    duix = {
      baseUrl: env.DUIX_BASE_URL,
      input: env.DUIX_INPUT_MODE === 'url' && deps.publicUrl ? { mode: 'url', publicUrl: deps.publicUrl } : { mode: 'shared' },
      shared,
      resultBaseUrl: env.DUIX_RESULT_BASE_URL,
      pollIntervalMs: env.DUIX_POLL_INTERVAL_MS,
      timeoutMs: env.DUIX_TIMEOUT_MS,
    };
  }
  let chanjing: ChanjingConfig | undefined;
  if (!env.CHANJING_APP_ID || !env.CHANJING_SECRET_KEY) missing.chanjing = 'CHANJING_APP_ID / CHANJING_SECRET_KEY are not set';
  else if (!deps.publicUrl) missing.chanjing = 'no public URL signer for the audio';
  else {
    chanjing = {
      baseUrl: env.CHANJING_BASE_URL,
      appId: env.CHANJING_APP_ID,
      secretKey: env.CHANJING_SECRET_KEY,
      publicUrl: deps.publicUrl,
      callbackUrl: env.CHANJING_CALLBACK_URL,
      model: env.CHANJING_MODEL as 0 | 1 | 2,
      maxConcurrency: env.CHANJING_MAX_CONCURRENCY,
      pollIntervalMs: env.CHANJING_POLL_INTERVAL_MS,
      timeoutMs: env.CHANJING_TIMEOUT_MS,
      personTimeoutMs: env.CHANJING_PERSON_TIMEOUT_MS,
      personPollIntervalMs: env.CHANJING_PERSON_POLL_INTERVAL_MS,
    };
  }
  return {
    channels: parseChannelMap(env.AVATAR_CHANNELS),
    local: { maxConcurrency: env.AVATAR_LOCAL_MAX_CONCURRENCY },
    duix,
    chanjing,
    missing,
  };
}
