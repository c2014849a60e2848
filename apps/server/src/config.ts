import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_SIGN_SECRET } from '@app/contract';
import { avatarEnvShape } from './engines/avatar/env.js';
import { speechEnvShape } from './engines/speech/env.js';
import { photoEnvShape } from './engines/photo/env.js';
import { textModelEnvShape } from './engines/text/env.js';
import { chatModelEnvShape } from './engines/text/chat-env.js';
import { aiMediaEnvShape } from './engines/image/env.js';
import { transcriptionEnvShape } from './engines/transcription/env.js';
import { lipSyncEnvShape } from './engines/lip-sync/env.js';

// Both src/config.ts and the bundled dist/main.js sit one level under apps/server, so these resolve alike.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

const flag = (def: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be 0/1/true/false' })
    .default(def ? '1' : '0')
    .transform((v) => v === '1' || v === 'true' || v === 'yes');

const hex = (bytes: number) =>
  z.string().regex(new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`), `must be ${bytes * 2} hex characters`);

/**
 * Every environment variable of the server. The `/** … *\/` comment on each key is its documentation:
 * `npm run docs:config` turns them, with the defaults below, into docs/configuration.md (a
 * `// Section:` comment starts a section there; `@default` names the fallback of a key with no default).
 */
export const envSchema = z.object({
  // Section: Server
  // One process serves the API, the web app, the job workers and the local file storage unless `ROLE`
  // splits them (see [scaling out](scaling-out.md)). Health is at `/healthz`, Prometheus metrics at
  // `/metrics` and the OpenAPI document at `/api/docs`.
  /** `production` in every deployment; the tests set `test`. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database, the local file storage and other state. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * A PostgreSQL server (`postgres://user:pass@host:5432/db`) instead of the embedded database.
   * @default the embedded PGlite database in `DATA_DIR`
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Tests only: a folder the test apps of one run share. The first app makes what every app starts
   * with (the migrated in-memory database, the offline voices' sample clips, the sample pictures) and
   * the others copy it instead of making it again.
   */
  TEST_CACHE_DIR: z.string().optional(),
  /** Tests only: an in-memory embedded database (`memory://`) instead of `DATA_DIR/db`. */
  PGLITE_DIR: z.string().optional(),
  /** PostgreSQL connections per process. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  /** `api` (HTTP only), `worker` (jobs only) or `all` (both, in one process). */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  // Section: Abuse limits
  // Counted in the database (table `rate_counters`), or in Redis when `REDIS_URL` is set, so every API
  // process shares them; past a limit the call gets `操作过于频繁，请稍后再试` and nothing is spent. How the
  // login limits and the image code work: [the operator console](operator-console.md#abuse-limits).
  /** Redis for the abuse counters and the per-address request limit, shared by every API process (without it each API process counts the request limit on its own); session revocations are also published on it, so every API process drops a revoked session at once even where PostgreSQL's LISTEN does not reach. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a URL such as redis://127.0.0.1:6379' })
    .optional(),
  /** Prefix of every Redis key, so several sites can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('avatar:'),
  // Section: Server
  /**
   * The address people reach the app at, used in links, upload targets and the signed links remote
   * engines fetch our files by.
   * @default `http://localhost:$PORT`
   */
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://avatar.example.com' }).optional(),
  /** `1` behind a load balancer, so client addresses (rate limits, login limits) come from `X-Forwarded-For`. */
  TRUST_PROXY: flag(false),
  // Section: Request signing and encryption
  // The web bundle is built with `SIGN_SECRET`, `ENCRYPT_DATA`, `ENCRYPT_KEY` and `ENCRYPT_IV` (as
  // `VITE_*`), so change them before `npm start` or `npm test`, which rebuild the web app when they change.
  /** Secret of the request signature; `npm start` bakes the same value into the web bundle. */
  SIGN_SECRET: z.string().min(1).default(DEFAULT_SIGN_SECRET),
  /** Whether `/api` calls must carry a valid signature. */
  SIGN_REQUIRED: flag(true),
  /** `1` to send reply `data` AES-256-CBC encrypted (`"encrypt": 1`); needs `ENCRYPT_KEY` and `ENCRYPT_IV`. */
  ENCRYPT_DATA: flag(false),
  /** Key of `ENCRYPT_DATA` (32 bytes as 64 hex characters); also baked into the web bundle. */
  ENCRYPT_KEY: hex(32).optional(),
  /** IV of `ENCRYPT_DATA` (16 bytes as 32 hex characters); also baked into the web bundle. */
  ENCRYPT_IV: hex(16).optional(),
  // Section: Storage
  // Where uploads and rendered media live; every driver hands the browser a signed direct upload and
  // expiring signed links. The drivers in detail: [storage drivers](../apps/server/src/platform/storage/README.md).
  /** `local` (files under `DATA_DIR`, served by the app), `oss` (Aliyun OSS) or `s3` (AWS S3, MinIO and other S3-compatible stores). */
  STORAGE_DRIVER: z.enum(['local', 'oss', 's3']).default('local'),
  /** OSS region, e.g. `cn-hangzhou` (required with `STORAGE_DRIVER=oss`). */
  OSS_REGION: z.string().optional(),
  /** OSS bucket; keep it private and allow CORS `POST` and `GET` from the site's origin (required with `oss`). */
  OSS_BUCKET: z.string().optional(),
  /** OSS AccessKey ID (required with `oss`). */
  OSS_ACCESS_KEY_ID: z.string().optional(),
  /** OSS AccessKey secret (required with `oss`). */
  OSS_ACCESS_KEY_SECRET: z.string().optional(),
  /** A custom domain bound to the OSS bucket. */
  OSS_ENDPOINT: z.url().optional(),
  /** S3 endpoint, e.g. `http://minio:9000`; leave it unset for AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** S3 region. */
  S3_REGION: z.string().default('us-east-1'),
  /** S3 bucket; keep it private and allow CORS `POST` and `GET` from the site's origin (required with `s3`). */
  S3_BUCKET: z.string().optional(),
  /** S3 access key id (required with `s3`). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** S3 secret access key (required with `s3`). */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style bucket addressing (MinIO needs it). */
  S3_FORCE_PATH_STYLE: flag(true),
  /**
   * Signs private file URLs, upload policies of the local store and the known-device cookie, and derives
   * the key that encrypts engine secrets kept in the console. Set the same value on every process; never
   * derived from `SIGN_SECRET`, which ships in the browser.
   * @default generated once into `DATA_DIR/.storage-secret`
   */
  STORAGE_SECRET: z.string().min(16).optional(),
  /** How long a signed upload form stays valid. */
  UPLOAD_POLICY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(24 * 3600)
    .default(15 * 60),
  /**
   * Bytes one account may have posted to the local store and not yet registered; a post past it is
   * refused. Landed bytes also count against the account's storage from the moment they land.
   */
  UPLOAD_UNREGISTERED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(2 * 1024 * 1024 * 1024),
  /** How long a signed file URL stays valid (re-signed on every list). */
  FILE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  // Section: Server
  /** Log level; every request line carries its `reqId`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** User name of the administrator account created at first start. */
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{4,32}$/, 'must be 4-32 letters, digits or _')
    .default('admin'),
  /**
   * Password of the administrator account created at first start.
   * @default random, printed once in the log at first start
   */
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** Largest form body accepted on `/api` (uploads go to the storage host, not here). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  // Section: Abuse limits
  /** Requests per minute per client address, except `/healthz`, `/metrics` and the web app; `0` turns it off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  /** Calls that spend credits or a paid engine (videos, clones, trial syntheses, extractions, text-model calls, storage) per account a minute; 0 = no limit. */
  PAID_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  /** Open API calls per key a minute (`X-Api-Key`, counted on every process); 0 = no limit. */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Failed logins on one username in 10 minutes before its logins need the server's image code. */
  LOGIN_FAILURES_BEFORE_CAPTCHA: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed logins from one address in 10 minutes before its logins need the server's image code. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Login image codes one address may draw in 10 minutes. */
  LOGIN_CAPTCHAS_PER_10_MINUTES: z.coerce.number().int().min(1).max(10_000).default(60),
  // Section: Server
  /** How long a resolved login token is remembered in this process for reads (GET); writes always check it; 0 = never. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** On SIGTERM, how long running jobs may finish before they are put back in the queue. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(20),
  /**
   * Folder of the built web app (to serve another build, e.g. to compare two with `npm run bench:web`).
   * @default `apps/web/dist`
   */
  WEB_DIST: z.string().optional(),
  // Section: Studio works
  // Video channels map to avatar video engines; names, descriptions and credits per second live in the
  // `video_channels` table. How the engines work and how to plug each vendor: [engines](engines.md).
  /** Make the demo public actors and person pictures at first start (tests that count rows turn it off). */
  SEED_DEMO_ACTORS: flag(true),
  /** Seconds a render job's lease lasts without renewal; after that (a dead worker) the minute sweep re-queues the job and frees its slot. */
  WORK_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /**
   * A talking video whose speech runs longer than this many seconds, on an engine that renders ranges of frames
   * (the offline lip-sync), is rendered in chunks by several jobs at once, then joined; 0 renders every video whole.
   */
  TALKING_CHUNK_AFTER_SECONDS: z.coerce.number().min(0).default(60),
  /** About how long each chunk of such a video is, in seconds: each cut is at the quietest moment within a quarter of it. */
  TALKING_CHUNK_SECONDS: z.coerce.number().min(2).max(600).default(40),
  /** A work priced by an estimate holds this much more, in percent, so a result running longer is still covered (it is settled on the real duration). */
  CREDIT_HOLD_HEADROOM_PERCENT: z.coerce.number().int().min(0).max(200).default(25),
  // Section: Avatar video engines
  // `AVATAR_CHANNELS` maps each video channel to an engine; a channel without a configured engine is not
  // listed. How each engine works and how to plug it: [engines](engines.md#avatar-video-engines).
  ...avatarEnvShape,
  // Section: Photo videos
  // The photo channels of pet videos and photo-speak: `local` always works, `did` and `kling` need their
  // keys. 可灵's keys also serve [AI pictures and videos](#ai-pictures-and-videos).
  ...photoEnvShape,
  // Section: Avatar uploads and heavy videos
  // Every video that is processed frame by frame (an avatar upload, the material video of a work, the
  // source of a translation) is checked by ffprobe when it is submitted, before anything is charged or
  // prepared, against the same frame-rate floor and pixel-frame ceiling. What a work renders (an avatar
  // or photo for as long as it speaks, a multi-scene work's scenes together) passes the same ceiling.
  /** Videos below this frame rate are refused at submission (视频帧率过低…). */
  MEDIA_MIN_FPS: z.coerce.number().min(1).max(60).default(10),
  /**
   * Ceiling of width × height × seconds × max(frame rate, 25) of such a video, checked at submission
   * (视频分辨率过高或时长过长…). The default lets a 1080p video at 30 fps run 30 minutes (the longest
   * recording the studio takes to drive a video) and a 720p one over an hour.
   */
  MEDIA_MAX_PIXEL_FRAMES: z.coerce.number().min(1).default(120e9),
  /** The same ceiling for guests. */
  MEDIA_MAX_PIXEL_FRAMES_GUEST: z.coerce.number().min(1).default(5e9),
  /** Avatars one account may have in preparation at once; each account's first avatar is prepared before anyone's second. */
  AVATAR_PREPARING_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** The same for guests. */
  AVATAR_PREPARING_PER_GUEST: z.coerce.number().int().min(1).max(100).default(1),
  /** Seconds one avatar preparation may run; past it the tools are stopped and the avatar fails (视频处理超时…). */
  AVATAR_PREPARE_BUDGET_SECONDS: z.coerce
    .number()
    .min(1)
    .max(24 * 3600)
    .default(900),
  // Section: Speech engines
  // The offline channel `local` (本地语音 1.0) always works. A remote voice channel is listed only when the
  // engine chosen for it is configured; channel names, prices, free clones and re-trainings live in the
  // `voice_channels` table. Each engine: [engines](engines.md#speech).
  ...speechEnvShape,
  /** Trial syntheses (试听) one account may start per minute. */
  AUDITION_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  // Section: Video and audio extraction
  // Links are resolved by `yt-dlp`, then by a parse service when one is configured; every hop must lead
  // to a public address. See [the tools](features.md#video-and-audio-extraction).
  /** Free video extractions, and free audio extractions, each account gets every day (server time zone). */
  EXTRACTION_FREE_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
  /** Credits one extraction costs after the free ones (held on submit, refunded on failure). */
  EXTRACTION_CREDITS: z.coerce.number().int().min(0).max(100_000).default(10),
  // Section: Viral content
  // The viral tools (爆款复刻) also pay the extraction of a video they analyse, and each model call at the
  // viral model-call price (`CHAT_CREDITS` until the operator sets one on the channels screen).
  /** Credits for transcribing one video analysed by the viral tools (爆款复刻), until the operator sets a price on the channels screen. */
  VIRAL_TRANSCRIBE_CREDITS: z.coerce.number().int().min(0).max(100_000).default(5),
  // Section: Video and audio extraction
  /** Link resolvers tried in order: yt-dlp (the system package) and a Douyin_TikTok_Download_API-shaped parse service. */
  EXTRACTION_RESOLVERS: z.string().default('yt-dlp,parse-service'),
  /** The yt-dlp program. */
  YTDLP_BIN: z.string().min(1).default('yt-dlp'),
  /** A Netscape cookies file yt-dlp sends, for sites that need a logged-in visitor (Douyin does); copied per run. */
  YTDLP_COOKIES_FILE: z.string().optional(),
  /** Base URL of a Douyin_TikTok_Download_API server the operator runs (`GET /api/hybrid/video_data?url=&minimal=true`); unset, that resolver is off. */
  PARSE_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Largest download of one extraction, in MB. */
  EXTRACTION_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Longest video one extraction keeps, in seconds. */
  EXTRACTION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(1800),
  /** Time one extraction job (its resolvers) may take, in seconds. */
  EXTRACTION_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(600),
  /**
   * For tests only: exact addresses (e.g. 127.0.0.2) that links may lead to although they are not
   * public. Empty in every deployment: links to loopback, private and link-local addresses are refused.
   */
  TEST_ONLY_ALLOWED_LINK_ADDRESSES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  // Section: Text model
  // An OpenAI-compatible chat-completions service for polish, AI write and translate. Unset, those
  // buttons answer 文本模型未配置，请联系管理员.
  ...textModelEnvShape,
  // Section: AI chat
  // The chat assistant's models `v3` and `r1` map to any OpenAI-compatible streaming `/chat/completions`
  // service, DeepSeek by default. For a local Ollama: `CHAT_MODEL_URL=http://127.0.0.1:11434/v1
  // CHAT_MODEL_V3=qwen2.5 CHAT_MODEL_R1=deepseek-r1`. Without a chat model the send answers
  // 对话模型未配置，请联系管理员.
  ...chatModelEnvShape,
  // Section: AI pictures and videos
  // 可灵 uses the photo videos' `KLING_ACCESS_KEY`, `KLING_SECRET_KEY` and `KLING_BASE_URL`. With no
  // engine configured the pages say which setting enables one and nothing is charged.
  ...aiMediaEnvShape,
  // Section: Speech recognition
  // The transcription engine of video translation and the viral tools. With `none` the translation page
  // says 语音识别服务未配置，请联系管理员 before anything is uploaded or charged.
  ...transcriptionEnvShape,
  // Section: Video translation
  // A translation transcribes with the [speech recognition](#speech-recognition) engine, translates with the
  // [text model](#text-model), dubs through a voice channel and, in mode 1, lip-syncs the picture. The
  // whole pipeline: [video translation](features.md#video-translation-storesea).
  ...lipSyncEnvShape,
  /** Voice channel that dubs translated videos: auto (first configured channel that clones: fish, mm, kyy, nw, hs; else the offline engine), local, or a channel key. */
  TRANSLATE_DUB_CHANNEL: z.enum(['auto', 'local', 'fish', 'mm', 'kyy', 'nw', 'hs']).default('auto'),
  /** Video translations run at once across all processes; more wait in submit order. */
  TRANSLATE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Transcript segments sent to the text model in one request. */
  TRANSLATE_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  // Section: Open API webhooks
  // How a webhook delivery is retried while its receiver does not answer 2xx: the waits between
  // attempts. The calls and the signature: [the open API](open-api.md#webhooks).
  /** Seconds to wait before each retry of a webhook delivery, comma separated: one attempt more than waits listed (the default spans about a day). */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: 'must be seconds separated by commas, such as 60,300,1800' })
    .default('60,300,1800,3600,7200,14400,28800,28800')
    .transform((v) => v.split(',').map((n) => Number(n.trim()))),
});

/** Settings that only make sense together; checked on the raw values so every problem is listed at once. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const on = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';
  if (on(env.ENCRYPT_DATA) && (!env.ENCRYPT_KEY || !env.ENCRYPT_IV))
    problems.push('ENCRYPT_KEY: ENCRYPT_KEY and ENCRYPT_IV are required when ENCRYPT_DATA=1');
  const required: Record<string, string[]> = {
    oss: ['OSS_REGION', 'OSS_BUCKET', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET'],
    s3: ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  };
  for (const k of required[env.STORAGE_DRIVER ?? ''] ?? [])
    if (!env[k]) problems.push(`${k}: required when STORAGE_DRIVER=${env.STORAGE_DRIVER}`);
  return problems;
}

export type Env = z.output<typeof envSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  publicUrl: string;
  migrationsDir: string;
  webDist: string;
  /** Variables the environment set (not blank): these win over values kept in the console. */
  envKeys?: ReadonlySet<string>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Validates every environment variable once; throws ConfigError listing everything that is wrong. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)),
    ...crossFieldProblems(clean),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    migrationsDir: path.join(serverRoot, 'drizzle'),
    webDist: path.resolve(env.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    envKeys: new Set(Object.keys(clean)),
  };
}

/** Whether the environment set a variable (a config built without loadConfig counts any value as set). */
export function setByEnv(config: AppConfig, key: string): boolean {
  if (config.envKeys) return config.envKeys.has(key);
  const v = (config as unknown as Record<string, unknown>)[key];
  return v !== undefined && v !== '';
}

/** Parses one variable as the environment would; the error text when it is not valid. */
export function parseSetting(key: string, value: string): { ok: true; value: unknown } | { ok: false } {
  const field = (envSchema.shape as Record<string, z.ZodType | undefined>)[key];
  if (!field) return { ok: false };
  const parsed = field.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/**
 * The configuration with console-kept values laid under it: a variable the environment set keeps its
 * value, any other takes the kept one (parsed as the environment's would be; an invalid one is skipped).
 */
export function configWithSettings(config: AppConfig, kept: ReadonlyMap<string, string>): AppConfig {
  const over: Record<string, unknown> = {};
  for (const [key, value] of kept) {
    if (setByEnv(config, key)) continue;
    const parsed = parseSetting(key, value);
    if (parsed.ok) over[key] = parsed.value;
  }
  return Object.keys(over).length ? { ...config, ...over } : config;
}
