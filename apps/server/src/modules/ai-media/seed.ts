import { createRequire } from 'node:module';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { aiInspirationGroups, aiInspirationWords, aiPrompts } from '../../db/schema/index.js';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { makeSeedMedia } from '../../platform/media/seed-cache.js';
import { SAMPLE_DIR } from './pictures.js';
import { workflowRepo } from './workflows.js';
import { IMAGE_PROMPTS, IMAGE_VIDEO_PROMPTS, INSPIRATION_GROUPS, TEXT_VIDEO_PROMPTS } from './seed-data.js';

/** The group photos the npm package @vladmandic/face-api ships (demo/sampleN.jpg), nothing downloaded. */
function facePackageSample(n: number): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`);
}

export const sampleKey = (n: number) => `${SAMPLE_DIR}sample-${n}.jpg`;

/** A sample first frame: the package's photo scaled to 1280 px wide at most. */
async function storeSample(ctx: AppContext, n: number): Promise<void> {
  const key = sampleKey(n);
  if (await ctx.storage.head(key)) return;
  const dir = await scratchDir(ctx.config.dataDir, `ai-sample-${n}-${randomUUID()}`);
  try {
    const out = path.join(dir, 'sample.jpg');
    const args = ['-i', facePackageSample(n), '-vf', "scale='min(1280,iw)':-2", '-frames:v', '1', '-q:v', '3'];
    await makeSeedMedia(ctx.config.TEST_CACHE_DIR, `ai-sample ${JSON.stringify(args)}`, out, (o) =>
      ffmpeg([...args, o]),
    );
    await ctx.storage.putFile(key, out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Idempotent: recommendations, inspiration words and sample pictures, each written once by its seed key. */
export async function seedAiMedia(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  await workflowRepo.seed(db);
  for (const p of IMAGE_VIDEO_PROMPTS) await storeSample(ctx, p.sample);
  const prompts = [
    ...IMAGE_PROMPTS.map((p, i) => ({
      kind: 'image',
      title: p.title,
      content: p.content,
      seedKey: `image-${i}`,
      sort: i,
    })),
    ...TEXT_VIDEO_PROMPTS.map((p, i) => ({
      kind: 'text',
      title: p.title,
      content: p.content,
      seedKey: `text-${i}`,
      sort: i,
    })),
    ...IMAGE_VIDEO_PROMPTS.map((p, i) => ({
      kind: 'image2video',
      title: p.title,
      content: p.content,
      imageKey: sampleKey(p.sample),
      alt: p.alt,
      seedKey: `image2video-${i}`,
      sort: i,
    })),
  ];
  await db.insert(aiPrompts).values(prompts).onConflictDoNothing({ target: aiPrompts.seedKey });
  const [groups] = await db.select({ n: count() }).from(aiInspirationGroups);
  if ((groups?.n ?? 0) > 0) return;
  for (const [i, g] of INSPIRATION_GROUPS.entries()) {
    const [row] = await db
      .insert(aiInspirationGroups)
      .values({ name: g.name, isMulti: g.isMulti, seedKey: `group-${i}`, sort: i })
      .onConflictDoNothing({ target: aiInspirationGroups.seedKey })
      .returning({ id: aiInspirationGroups.id });
    if (!row) continue;
    await db.insert(aiInspirationWords).values(g.words.map((name, j) => ({ groupId: row.id, name, sort: j })));
  }
}
