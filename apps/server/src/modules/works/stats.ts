import { count, gte, inArray, sql } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

const day = sql<string>`to_char(date_trunc('day', ${works.createdAt}), 'YYYY-MM-DD')`;

/** Works per day by kind and status since `since`, and per engine: queued, rendering, and failures among the recent ones. */
export async function workStats(db: Db, since: Date) {
  const perDay = await db
    .select({ day, kind: works.kind, status: works.status, count: count() })
    .from(works)
    .where(gte(works.createdAt, since))
    .groupBy(day, works.kind, works.status)
    .orderBy(day);
  const waiting = await db
    .select({ engine: works.engine, kind: works.kind, status: works.status, count: count() })
    .from(works)
    .where(inArray(works.status, [1, 2]))
    .groupBy(works.engine, works.kind, works.status);
  const recent = await db
    .select({
      engine: works.engine,
      kind: works.kind,
      total: count(),
      failed: sql<number>`count(*) filter (where ${works.status} = 4)`.mapWith(Number),
    })
    .from(works)
    .where(gte(works.createdAt, since))
    .groupBy(works.engine, works.kind);
  const engines = new Map<
    string,
    { engine: string; kind: string; queued: number; running: number; failed: number; total: number }
  >();
  const entry = (engine: string, kind: string) => {
    const key = `${kind}/${engine}`;
    let e = engines.get(key);
    if (!e) engines.set(key, (e = { engine: engine || 'local', kind, queued: 0, running: 0, failed: 0, total: 0 }));
    return e;
  };
  for (const w of waiting) {
    const e = entry(w.engine, w.kind);
    if (w.status === 1) e.queued += w.count;
    else e.running += w.count;
  }
  for (const r of recent) Object.assign(entry(r.engine, r.kind), { failed: r.failed, total: r.total });
  return { perDay, engines: [...engines.values()] };
}
