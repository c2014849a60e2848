import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { storeInCache } from '../test-cache.js';

/**
 * Makes a seeded sample file (a voice's sample clip, a sample picture) at `out`, or copies the one an
 * earlier start made from the same recipe into `cacheDir` (TEST_CACHE_DIR, tests only). The recipe names
 * every input of the file (text, voice, source, tool arguments), so a changed input makes it again.
 * Without a cache folder the file is simply made.
 */
export async function makeSeedMedia(
  cacheDir: string | undefined,
  recipe: string,
  out: string,
  make: (out: string) => Promise<unknown>,
): Promise<void> {
  if (!cacheDir) {
    await make(out);
    return;
  }
  const cached = path.join(
    cacheDir,
    `${createHash('sha256').update(recipe).digest('hex').slice(0, 32)}${path.extname(out)}`,
  );
  try {
    await fsp.copyFile(cached, out);
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await make(out);
  await storeInCache(cached, (part) => fsp.copyFile(out, part));
}
