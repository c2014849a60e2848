import { and, eq, isNull } from 'drizzle-orm';
import { voices } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** The id of the public voice seeded under this key (e.g. `local-preset-2`), null while it is not seeded. */
export async function seededPublicVoiceId(db: Db, seedKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: voices.id })
    .from(voices)
    .where(and(eq(voices.seedKey, seedKey), isNull(voices.userId)))
    .limit(1);
  return row?.id ?? null;
}
