import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';

/** Partial uploads left behind by dropped connections or crashes are removed after a day. */
export function registerSystemJobs(ctx: AppContext): void {
  ctx.queue.handle('storage.sweep-temp', async ({ olderThanSeconds }, job) => {
    const dir = ctx.localStorage?.tmpDir;
    if (!dir) return;
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
    if (removed) job.log.info({ removed }, 'removed stale partial uploads');
  });
}
