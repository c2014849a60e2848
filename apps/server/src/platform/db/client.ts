import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../../db/schema/index.js';
import type { AppConfig } from '../../config.js';
import { lockDataDir } from './lock.js';
import { memoryDatabase } from './pglite-template.js';
import { withAdvisoryLock } from './advisory-lock.js';
import { statementClient } from './pglite-statements.js';
import { applyModuleMigrations, type MigrationFolder } from './module-migrations.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What pg-boss needs to run SQL on the same database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

/** `closed` marks the empty reply given once the database was closed (see `afterClose`). */
export interface SqlResult {
  rows: unknown[];
  closed?: true;
}

/** Late writes after shutdown (the queue finishing a job it had already released) are dropped. */
const afterClose = (): Promise<SqlResult> => Promise.resolve({ rows: [], closed: true });

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executor: SqlExecutor;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs `fn` while no other process on this database runs one under the same name (start-up steps). */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Hears `channel`'s notifications (pg_notify, delivered when the sending transaction commits) from
   * every process on this database. After a lost connection is made again `onMessage` gets '' (what
   * was sent meanwhile is unknown). Returns the way to stop listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The queue's locked statements come as one text wrapped in BEGIN; … COMMIT;. */
const wrappedInTransaction = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return await client.query(text, values);
      // The embedded database has one connection. A failed statement inside the queue's own BEGIN..COMMIT
      // would leave it aborted until a ROLLBACK, and any query slipping in before that ROLLBACK fails too;
      // PGlite's transaction holds its lock from BEGIN to COMMIT or ROLLBACK, so nothing can.
      const wrapped = wrappedInTransaction.exec(text);
      const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1]!)) : await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/** A connection of its own that LISTENs on `channel`, made again a second after it is lost. */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      void c.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect(true).catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    if (again) onMessage('');
  };
  await connect(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

export interface OpenOptions {
  /** The migrations folders the registered modules ship, run after the product's numbered ones. */
  migrations?: readonly MigrationFolder[];
}

/** Opens the database and brings its tables up to date: the numbered migrations, then the modules' own. */
export async function openDatabase(config: AppConfig, options: OpenOptions = {}): Promise<Database> {
  const folders = options.migrations ?? [];
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX });
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const url = config.DATABASE_URL;
    // Processes started together would otherwise create the same tables at once and one would fail.
    await withAdvisoryLock(url, 'migrate', async (client) => {
      const migrating = drizzlePg({ client, schema });
      await migratePg(migrating, { migrationsFolder: config.migrationsDir });
      await applyModuleMigrations(migrating, folders);
    });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      // The queue may still write a job's end after shutdown closed the pool; those jobs were already released.
      executor: { executeSql: (text, values) => (closed ? afterClose() : pool.query(text, values)) },
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        closed = true;
        await pool.end();
      },
      exclusive: (name, fn) => withAdvisoryLock(url, name, fn),
      listen: (channel, onMessage) => listenPg(url, channel, onMessage),
    };
  }
  const inMemory = config.PGLITE_DIR === 'memory://';
  const release = inMemory ? async () => undefined : await lockDataDir(config.dataDir);
  try {
    const memory = inMemory ? await memoryDatabase(config.TEST_CACHE_DIR, config.migrationsDir, folders) : null;
    const client = memory?.client ?? new PGlite(path.resolve(config.PGLITE_DIR ?? path.join(config.dataDir, 'db')));
    await client.waitReady;
    const migrating = drizzlePglite({ client, schema });
    await migratePglite(migrating, { migrationsFolder: config.migrationsDir });
    await applyModuleMigrations(migrating, folders);
    await memory?.save();
    // The app's queries: each distinct statement parsed and planned once, then bound and run in one call.
    const db = drizzlePglite({ client: statementClient(client) as unknown as PGlite, schema });
    const executor = pgliteExecutor(client);
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      // As on PostgreSQL: late queue writes after shutdown are dropped, the jobs were already released.
      executor: { executeSql: (text, values) => (closed ? afterClose() : executor.executeSql(text, values)) },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        closed = true;
        await client.close();
        await release();
      },
      // The embedded database has a single owner process (the data folder lock): nothing to wait for.
      exclusive: (_name, fn) => fn(),
      listen: async (channel, onMessage) => client.listen(channel, onMessage),
    };
  } catch (e) {
    await release();
    throw e;
  }
}
