import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Engines } from '../engines/index.js';
import type { ChannelKind } from './channels/keeper.js';
import type { Database } from './db/client.js';
import type { EngineSettingsStore } from './engine-settings/index.js';
import type { Counters } from './limits/counters.js';
import type { JobQueue } from './queue/queue.js';
import type { StorageDriver } from './storage/types.js';
import type { LocalStorage } from './storage/local.js';

/** What services get: configuration, the platform's drivers and the engines built once at start. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  queue: JobQueue;
  storage: StorageDriver;
  /** Set when STORAGE_DRIVER=local: the store the app itself serves. */
  localStorage: LocalStorage | null;
  log: FastifyBaseLogger;
  engines: Engines;
  /** The console's engine settings, read by the engines through environment-first resolution. */
  engineSettings: EngineSettingsStore;
  /** Every kind of channel or price the registered modules own, in registration order. */
  channelKinds: readonly ChannelKind<AppContext>[];
  /** Atomic windowed counters for the abuse limits (database, or Redis when REDIS_URL is set). */
  counters: Counters;
}
