import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { configWithSettings, type AppConfig } from '../../config.js';
import { engineSettings } from '../../db/schema/index.js';
import type { Db } from '../db/client.js';

const PREFIX = 'gcm1:';

/** AES-256-GCM with a key derived from the server's storage secret; a fresh IV per value. */
export function settingsCipher(storageSecret: string) {
  const key = createHash('sha256').update(`engine-settings\0${storageSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return PREFIX + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
    },
    open(sealed: string): string {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

/** A secret as the console shows it: its last 4 characters only. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length <= 4 ? '****' : `****${value.slice(-4)}`;
}

export interface SettingWrite {
  key: string;
  /** null removes the kept value. */
  value: string | null;
  secret: boolean;
}

export interface EngineSettingsStoreOptions {
  /** How long the kept values are trusted before they are read again (other processes may have saved). */
  ttlMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

/**
 * The console's engine settings and the one resolver every engine reads them through: environment
 * first, then the database, cached for a few seconds and reloaded at once after a save here.
 */
export class EngineSettingsStore {
  private kept = new Map<string, string>();
  private version = 0;
  private effective: AppConfig;
  private timer: NodeJS.Timeout | undefined;
  private readonly cipher;
  private readonly ttlMs: number;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    storageSecret: string,
    private readonly opts: EngineSettingsStoreOptions = {},
  ) {
    this.cipher = settingsCipher(storageSecret);
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.effective = config;
  }

  /** Bumped whenever the kept values change; engines rebuild when it moves. */
  get generation(): number {
    return this.version;
  }

  /** The configuration engines are built from: environment values over console values. */
  currentConfig(): AppConfig {
    return this.effective;
  }

  /** The kept (decrypted) value of a variable, or undefined. */
  keptValue(key: string): string | undefined {
    return this.kept.get(key);
  }

  /** Reads every kept value; a value that cannot be opened (the storage secret changed) is skipped. */
  async reload(): Promise<void> {
    const rows = await this.db.select().from(engineSettings);
    const next = new Map<string, string>();
    for (const r of rows) {
      try {
        next.set(r.key, r.secret ? this.cipher.open(r.value) : r.value);
      } catch (err) {
        this.opts.log?.warn({ err, key: r.key }, 'engine setting cannot be decrypted; ignored');
      }
    }
    if (!sameMap(next, this.kept)) {
      this.kept = next;
      this.effective = configWithSettings(this.config, next);
      this.version++;
    }
  }

  /** Writes values in the caller's transaction; call reload() after it commits. */
  async write(tx: Db, actorId: number, writes: SettingWrite[]): Promise<void> {
    const removed = writes.filter((w) => w.value === null).map((w) => w.key);
    if (removed.length) await tx.delete(engineSettings).where(inArray(engineSettings.key, removed));
    for (const w of writes) {
      if (w.value === null) continue;
      const value = w.secret ? this.cipher.seal(w.value) : w.value;
      await tx
        .insert(engineSettings)
        .values({ key: w.key, value, secret: w.secret, updatedBy: actorId })
        .onConflictDoUpdate({
          target: engineSettings.key,
          set: { value, secret: w.secret, updatedBy: actorId, updatedAt: sql`now()` },
        });
    }
  }

  /** Reloads now and then every ttl, so a save in another process is seen within seconds. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.reload().catch((err: unknown) => this.opts.log?.warn({ err }, 'engine settings reload failed'));
    }, this.ttlMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function sameMap(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
