import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_TYPE } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { PHOTO_SOURCE, photosRepo } from './repo.js';

/**
 * Demo portraits of the public person-image library: 3:4 crops around one face of the group photos
 * that the npm package @vladmandic/face-api ships (demo/sampleN.jpg). The boxes frame a face found
 * there by face-api's SSD detector, with room for hair and shoulders.
 */
export const DEMO_PORTRAITS = [
  { seedKey: 'demo-person-1', name: '示例人物·小林', sample: 1, crop: { x: 690, y: 210, w: 480, h: 640 } },
  { seedKey: 'demo-person-2', name: '示例人物·晓雯', sample: 3, crop: { x: 905, y: 0, w: 560, h: 746 } },
  { seedKey: 'demo-person-3', name: '示例人物·安娜', sample: 6, crop: { x: 1323, y: 0, w: 540, h: 720 } },
  { seedKey: 'demo-person-4', name: '示例人物·思琪', sample: 2, crop: { x: 1294, y: 0, w: 500, h: 666 } },
] as const;

function samplePhoto(n: number): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`);
}

/** First start: the demo portraits, made once each (keyed by seed key). The pet library starts empty. */
export async function seedDemoPortraits(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO_ACTORS) return;
  const db = ctx.database.db;
  for (const d of DEMO_PORTRAITS) {
    if (await photosRepo.findBySeed(db, d.seedKey)) continue;
    const dir = await scratchDir(ctx.config.dataDir, `seed-${d.seedKey}-${randomUUID()}`);
    try {
      const out = path.join(dir, 'portrait.jpg');
      const { x, y, w, h } = d.crop;
      await ffmpeg([
        '-i',
        samplePhoto(d.sample),
        '-vf',
        `crop=${w}:${h}:${x}:${y}`,
        '-frames:v',
        '1',
        '-q:v',
        '2',
        out,
      ]);
      const imageKey = `public/photos/${d.seedKey}.jpg`;
      await ctx.storage.putFile(imageKey, out);
      await photosRepo.insert(db, {
        userId: null,
        type: PHOTO_TYPE.person,
        source: PHOTO_SOURCE.public,
        name: d.name,
        imageKey,
        width: w,
        height: h,
        seedKey: d.seedKey,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
