import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A folder of migrations that one module ships in its own folder. */
export interface MigrationFolder {
  /** The module's name: with the file name, what the database records as applied. */
  owner: string;
  dir: string;
}

/**
 * A module migration's file name: the UTC moment it was written, down to the second, then a name.
 * Two branches that each add one cannot collide: their names differ, and the record is per name.
 */
export const MODULE_MIGRATION_NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;

/** What the database keeps of the module migrations it has run: one row per migration, by name. */
const RECORD = sql.raw('drizzle.__module_migrations');

interface Pending {
  /** `<owner>/<file>`, unique in the whole product. */
  name: string;
  stamp: string;
  statements: string[];
  hash: string;
}

/** Every migration of the folders, in the order they run: by time written, then owner, then name. */
export function readModuleMigrations(folders: readonly MigrationFolder[]): Pending[] {
  const owners = new Set<string>();
  const found: Pending[] = [];
  for (const { owner, dir } of folders) {
    if (owners.has(owner)) throw new Error(`migrations of module "${owner}" are given twice`);
    owners.add(owner);
    if (!fs.existsSync(dir)) throw new Error(`migrations folder of module "${owner}" is missing: ${dir}`);
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.sql')) continue;
      const stamp = MODULE_MIGRATION_NAME.exec(file)?.[1];
      // A misnamed file would silently never run: refuse to start instead.
      if (!stamp) throw new Error(`migration ${owner}/${file} is not named <YYYYMMDDHHMMSS>_<name>.sql`);
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      found.push({
        name: `${owner}/${file}`,
        stamp,
        // As drizzle's own files: statements split where drizzle-kit marks a breakpoint.
        statements: text.split('--> statement-breakpoint').filter((s) => s.trim()),
        hash: createHash('sha256').update(text).digest('hex'),
      });
    }
  }
  return found.sort((a, b) => a.stamp.localeCompare(b.stamp) || a.name.localeCompare(b.name));
}

/**
 * Runs, after the product's numbered migrations, every module migration this database has not run yet,
 * each with its record in one transaction. Unlike drizzle's journal, which runs only what is newer than
 * the last migration applied, a migration is found by its name: one merged with an older time still runs.
 */
export async function applyModuleMigrations(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  folders: readonly MigrationFolder[],
): Promise<string[]> {
  const migrations = readModuleMigrations(folders);
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists ${RECORD} (name text primary key, hash text not null, applied_at timestamptz not null default now())`,
  );
  const rows = (await db.execute(sql`select name from ${RECORD}`)) as unknown as
    { rows: { name: string }[] } | { name: string }[];
  const done = new Set((Array.isArray(rows) ? rows : rows.rows).map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.transaction(async (tx) => {
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into ${RECORD} (name, hash) values (${m.name}, ${m.hash})`);
    });
    applied.push(m.name);
  }
  return applied;
}
