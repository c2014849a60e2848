import { z } from 'zod';
import type { PublicUrlFn } from '../avatar/index.js';
import type { DidConfig } from './did.js';
import type { KlingConfig } from './kling.js';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const ms = (fallback: number) => z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(fallback));

/** Env vars of the remote photo video engines; a channel without its credentials is not listed. */
export const photoEnvShape = {
  /** D-ID API key; setting it enables the `did` photo channel (D-ID talks). */
  DID_API_KEY: optionalText,
  /** D-ID API root. */
  DID_BASE_URL: z.preprocess(blankToUndefined, z.url().default('https://api.d-id.com')),
  /**
   * 可灵 open-platform access key; with the secret key it enables the `kling` photo channel (avatar image-to-video) and
   * 可灵 pictures and videos.
   */
  KLING_ACCESS_KEY: optionalText,
  /** 可灵 secret key (signs each call's JWT). */
  KLING_SECRET_KEY: optionalText,
  /** 可灵 API root. */
  KLING_BASE_URL: z.preprocess(blankToUndefined, z.url().default('https://api-beijing.klingai.com')),
  /** How often a remote photo channel's task is read. */
  PHOTO_REMOTE_POLL_INTERVAL_MS: ms(5000),
  /** How long one remote photo video may take. */
  PHOTO_REMOTE_TIMEOUT_MS: ms(30 * 60_000),
};

export type PhotoEnv = z.infer<z.ZodObject<typeof photoEnvShape>>;

export interface PhotoEnginesConfig {
  did?: DidConfig;
  kling?: KlingConfig;
}

/** Remote engines with their credentials and a URL signer for our files; the others stay unconfigured. */
export function photoEnginesConfigFromEnv(env: PhotoEnv, publicUrl: PublicUrlFn | undefined): PhotoEnginesConfig {
  if (!publicUrl) return {};
  const common = {
    publicUrl,
    pollIntervalMs: env.PHOTO_REMOTE_POLL_INTERVAL_MS,
    timeoutMs: env.PHOTO_REMOTE_TIMEOUT_MS,
  };
  return {
    did: env.DID_API_KEY ? { ...common, baseUrl: env.DID_BASE_URL, apiKey: env.DID_API_KEY } : undefined,
    kling:
      env.KLING_ACCESS_KEY && env.KLING_SECRET_KEY
        ? { ...common, baseUrl: env.KLING_BASE_URL, accessKey: env.KLING_ACCESS_KEY, secretKey: env.KLING_SECRET_KEY }
        : undefined,
  };
}
