import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase } from '../../../test/helper.js';
import { loadConfig, type AppConfig } from '../../config.js';
import { openDatabase, type Database } from './client.js';
import { readModuleMigrations, type MigrationFolder } from './module-migrations.js';

let root: string;
let config: AppConfig;
let drop: () => Promise<void>;

const folder = (owner: string, files: Record<string, string>): MigrationFolder => {
  const dir = path.join(root, owner);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return { owner, dir };
};

const rows = async <T>(db: Database, text: string): Promise<T[]> => {
  const r = (await db.db.execute(sql.raw(text))) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
};

/** What the product's numbered migrations left in the database: one row per file, in order. */
const numbered = (db: Database) =>
  rows<{ hash: string; created_at: string }>(
    db,
    'select hash, created_at from drizzle.__drizzle_migrations order by id',
  );

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-migrations-'));
  const fresh = await freshDatabase();
  drop = fresh.drop;
  config = loadConfig({
    DATA_DIR: path.join(root, 'data'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // On disk, so the same database is opened again as after a restart.
    ...(backend === 'pglite' ? { PGLITE_DIR: path.join(root, 'db') } : fresh.env),
  });
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('module migrations', () => {
  it('upgrade a database made by the numbered migrations alone, once each, found by name and not by time', async () => {
    // A database as every existing installation has it: the numbered migrations, nothing else.
    let db = await openDatabase(config);
    const before = await numbered(db);
    expect(before.length).toBeGreaterThan(20);
    await db.close();

    const demo = folder('demo', {
      '20270101000000_demo_orders.sql':
        "create table demo_orders (id serial primary key, note text not null);\n--> statement-breakpoint\ninsert into demo_orders (note) values ('first');",
    });
    db = await openDatabase(config, { migrations: [demo] });
    expect(await rows(db, 'select note from demo_orders')).toEqual([{ note: 'first' }]);
    // The numbered migrations neither ran again nor changed.
    expect(await numbered(db)).toEqual(before);
    await db.close();

    // A restart runs nothing again (a second run would fail on the existing table, or insert twice);
    // a migration merged from another branch with an earlier time than one applied still runs.
    const other = folder('other', {
      '20260101000000_other_notes.sql': 'create table other_notes (id serial primary key);',
    });
    db = await openDatabase(config, { migrations: [demo, other] });
    expect(await rows(db, 'select note from demo_orders')).toEqual([{ note: 'first' }]);
    expect(await rows(db, 'select count(*)::int as n from other_notes')).toEqual([{ n: 0 }]);
    expect(await rows(db, 'select name from drizzle.__module_migrations order by name')).toEqual([
      { name: 'demo/20270101000000_demo_orders.sql' },
      { name: 'other/20260101000000_other_notes.sql' },
    ]);
    expect(await numbered(db)).toEqual(before);
    await db.close();
  });

  it('run in the order they were written, whatever module brings them', () => {
    const a = folder('a', { '20260301000000_late.sql': 'select 1;', '20260101000000_early.sql': 'select 1;' });
    const b = folder('b', { '20260201000000_middle.sql': 'select 1;' });
    expect(readModuleMigrations([a, b]).map((m) => m.name)).toEqual([
      'a/20260101000000_early.sql',
      'b/20260201000000_middle.sql',
      'a/20260301000000_late.sql',
    ]);
  });

  it('refuse to start on a misnamed file, a missing folder or a module given twice', () => {
    const bad = folder('bad', { '0025_numbered.sql': 'select 1;' });
    expect(() => readModuleMigrations([bad])).toThrow(/bad\/0025_numbered\.sql is not named/);
    expect(() => readModuleMigrations([{ owner: 'gone', dir: path.join(root, 'gone') }])).toThrow(/missing/);
    const ok = folder('ok', {});
    expect(() => readModuleMigrations([ok, ok])).toThrow(/given twice/);
  });
});
