import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';

/** Partial uploads left behind by dropped connections or crashes are removed after a day; returns how many. */
export async function sweepTemp(ctx: AppContext, olderThanSeconds: number): Promise<number> {
  const dir = ctx.localStorage?.tmpDir;
  if (!dir) return 0;
  const cutoff = Date.now() - olderThanSeconds * 1000;
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const st = await fsp.stat(file).catch(() => null);
    if (st && st.mtimeMs < cutoff) {
      await fsp.rm(file, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
