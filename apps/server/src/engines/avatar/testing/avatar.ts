import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreparedAvatar } from '../types.js';

/** A prepared avatar whose files are placeholders: remote engines only pass them along. */
export async function placeholderAvatar(dir: string): Promise<PreparedAvatar> {
  const mezzanine = join(dir, 'mezzanine.mp4');
  await writeFile(mezzanine, 'mezzanine bytes');
  return {
    mezzanine,
    reversed: join(dir, 'reversed.mp4'),
    cover: join(dir, 'cover.jpg'),
    coverSmall: join(dir, 'cover-small.jpg'),
    width: 1080,
    height: 1920,
    fps: 25,
    frameCount: 250,
    duration: 10,
    orientation: 2,
    engineData: {},
  };
}
