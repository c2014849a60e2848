import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Puts a file into the run's shared folder (TEST_CACHE_DIR, tests only): written under a unique name,
 * then renamed, so an app starting beside this one never reads half a file.
 */
export async function storeInCache(file: string, write: (part: string) => Promise<void>): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const part = `${file}.${randomUUID()}.part`;
  await write(part);
  await fsp.rename(part, file);
}
