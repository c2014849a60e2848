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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Test-only: an in-memory embedded database (`memory://`) instead of DATA_DIR/db. */
  PGLITE_DIR: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** Redis for the abuse counters and the per-address request limit, shared by every API process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a URL such as redis://127.0.0.1:6379' })
    .optional(),
  /** Prefix of every Redis key, so several sites can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('avatar:'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://avatar.example.com' }).optional(),
  TRUST_PROXY: flag(false),
  SIGN_SECRET: z.string().min(1).default(DEFAULT_SIGN_SECRET),
  SIGN_REQUIRED: flag(true),
  ENCRYPT_DATA: flag(false),
  ENCRYPT_KEY: hex(32).optional(),
  ENCRYPT_IV: hex(16).optional(),
  STORAGE_DRIVER: z.enum(['local', 'oss', 's3']).default('local'),
  OSS_REGION: z.string().optional(),
  OSS_BUCKET: z.string().optional(),
  OSS_ACCESS_KEY_ID: z.string().optional(),
  OSS_ACCESS_KEY_SECRET: z.string().optional(),
  OSS_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(true),
  /** Signs private file URLs and upload policies of the local store; generated into DATA_DIR when unset. Share it between processes. */
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
  FILE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{4,32}$/, 'must be 4-32 letters, digits or _')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  /** Calls that spend credits or a paid engine (videos, clones, trial syntheses, text-model calls) per account a minute; 0 = no limit. */
  PAID_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  /** Failed logins on one username in 10 minutes before its logins need the server's image code. */
  LOGIN_FAILURES_BEFORE_CAPTCHA: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed logins from one address in 10 minutes before its logins need the server's image code. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Login image codes one address may draw in 10 minutes. */
  LOGIN_CAPTCHAS_PER_10_MINUTES: z.coerce.number().int().min(1).max(10_000).default(60),
  /** How long a resolved login token is remembered in this process for reads (GET); writes always check it; 0 = never. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(20),
  WEB_DIST: z.string().optional(),
  /** Skip the demo actors made at first start (tests that count rows). */
  SEED_DEMO_ACTORS: flag(true),
  /** Seconds a render job's lease lasts without renewal; after that its slot is free and the job is run again. */
  WORK_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /** A work priced by an estimate holds this much more, in percent, so a result running longer is still covered. */
  CREDIT_HOLD_HEADROOM_PERCENT: z.coerce.number().int().min(0).max(200).default(25),
  ...avatarEnvShape,
  ...photoEnvShape,
  /** Avatar uploads below this frame rate are refused at creation. */
  AVATAR_MIN_FPS: z.coerce.number().min(1).max(60).default(10),
  /** Ceiling of width × height × seconds × max(frame rate, 25) of an avatar upload, checked at creation. */
  AVATAR_MAX_PIXEL_FRAMES: z.coerce.number().min(1).default(20e9),
  /** The same for guests. */
  AVATAR_MAX_PIXEL_FRAMES_GUEST: z.coerce.number().min(1).default(5e9),
  /** Avatars one account may have in preparation at once (guests: the second value). */
  AVATAR_PREPARING_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  AVATAR_PREPARING_PER_GUEST: z.coerce.number().int().min(1).max(100).default(1),
  /** Seconds one avatar preparation may run; past it the tools are stopped and the avatar fails. */
  AVATAR_PREPARE_BUDGET_SECONDS: z.coerce
    .number()
    .min(1)
    .max(24 * 3600)
    .default(900),
  ...speechEnvShape,
  /** Trial syntheses one account may start per minute. */
  AUDITION_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Video and audio extractions each account gets free every day (server time zone), and the price of one after them. */
  EXTRACTION_FREE_PER_DAY: z.coerce.number().int().min(0).max(1000).default(3),
  EXTRACTION_CREDITS: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Credits for transcribing one video analysed by the viral tools (爆款复刻). */
  VIRAL_TRANSCRIBE_CREDITS: z.coerce.number().int().min(0).max(100_000).default(5),
  /** Link resolvers tried in order: yt-dlp (the system package) and a Douyin_TikTok_Download_API-shaped parse service. */
  EXTRACTION_RESOLVERS: z.string().default('yt-dlp,parse-service'),
  YTDLP_BIN: z.string().min(1).default('yt-dlp'),
  /** A Netscape cookies file yt-dlp sends, for sites that need a logged-in visitor (Douyin does). */
  YTDLP_COOKIES_FILE: z.string().optional(),
  /** Base URL of a parse service the operator runs (GET /api/hybrid/video_data?url=&minimal=true). */
  PARSE_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Caps of one extraction: download size (MB), duration (s) and the whole job's time (s). */
  EXTRACTION_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
  EXTRACTION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(1800),
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
  ...textModelEnvShape,
  ...chatModelEnvShape,
  ...aiMediaEnvShape,
  ...transcriptionEnvShape,
  ...lipSyncEnvShape,
  /** Voice channel that dubs translated videos: auto (first configured channel that clones: fish, mm, kyy, nw, hs; else the offline engine), local, or a channel key. */
  TRANSLATE_DUB_CHANNEL: z.enum(['auto', 'local', 'fish', 'mm', 'kyy', 'nw', 'hs']).default('auto'),
  /** Video translations run at once across all processes; more wait in submit order. */
  TRANSLATE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Transcript segments sent to the text model in one request. */
  TRANSLATE_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(20),
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
