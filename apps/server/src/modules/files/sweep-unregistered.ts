import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';
import { lt } from 'drizzle-orm';
import { uploadLandings } from '../../db/schema/index.js';
import { endLanding } from './landings.js';
import { filesRepo } from './repo.js';

/**
 * Objects in users' folders of the local store that no file record names and that are older than the
 * cutoff: uploads never registered (or refused while the server was down). Remote stores use a bucket
 * lifecycle rule instead (see the storage README).
 */
export async function sweepUnregistered(ctx: AppContext, olderThanSeconds: number): Promise<number> {
  const store = ctx.localStorage;
  if (!store) return 0;
  const usersDir = path.join(store.root, 'users');
  const entries = (await fsp.readdir(usersDir, { recursive: true }).catch(() => [] as string[])) as string[];
  const cutoff = Date.now() - olderThanSeconds * 1000;
  let removed = 0;
  for (const rel of entries) {
    const file = path.join(usersDir, rel);
    const st = await fsp.stat(file).catch(() => null);
    if (!st?.isFile() || st.mtimeMs >= cutoff) continue;
    const key = `users/${rel.split(path.sep).join('/')}`;
    if (await filesRepo.findByKey(ctx.database.db, key)) continue;
    await store.delete(key);
    await ctx.database.db.transaction((tx) => endLanding(tx, key));
    removed++;
  }
  // Landings whose object went some other way (a crash between the post and its placing).
  const stale = await ctx.database.db
    .select({ key: uploadLandings.key })
    .from(uploadLandings)
    .where(lt(uploadLandings.createdAt, new Date(cutoff)));
  for (const { key } of stale)
    if (!(await store.head(key))) await ctx.database.db.transaction((tx) => endLanding(tx, key));
  return removed;
}
