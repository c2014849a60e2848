import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { storeInCache } from '../test-cache.js';
import type { MigrationFolder } from './module-migrations.js';

/**
 * In-memory databases of one test run (TEST_CACHE_DIR): the first one is migrated and saved as a
 * template, named after every migration file it applied, and the others start from a copy of it
 * (half a second instead of three: the embedded database's set-up and the migrations are not run
 * again). A changed migration file names another template.
 */
export interface MemoryTemplate {
  client: PGlite;
  /** Saves the migrated database as the template, when it was not made from one. */
  save: () => Promise<void>;
}

async function migrationsHash(folders: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of folders) {
    const files = (await fsp.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((f) => f.isFile())
      .map((f) => path.join(f.parentPath, f.name))
      .sort();
    for (const file of files) hash.update(`${path.relative(dir, file)}\0`).update(await fsp.readFile(file));
  }
  return hash.digest('hex').slice(0, 32);
}

export async function memoryDatabase(
  cacheDir: string | undefined,
  migrationsDir: string,
  folders: readonly MigrationFolder[],
): Promise<MemoryTemplate> {
  if (!cacheDir) return { client: new PGlite(), save: async () => undefined };
  const file = path.join(cacheDir, `pglite-${await migrationsHash([migrationsDir, ...folders.map((f) => f.dir)])}.tar`);
  const saved = await fsp.readFile(file).catch(() => null);
  if (saved) return { client: new PGlite({ loadDataDir: new Blob([saved]) }), save: async () => undefined };
  const client = new PGlite();
  return {
    client,
    save: async () => {
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      await storeInCache(file, (part) => fsp.writeFile(part, dump));
    },
  };
}
