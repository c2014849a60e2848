import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe, runTool } from '../../platform/media/ffmpeg.js';
import { actorClip, SMILING_ACTOR } from '../talking-face/testing/media.js';
import { countFrames } from './mezzanine.js';
import { channelMeans, frameAt } from './testing/media.js';
import { cutoutOf, matteOnGreen } from './matting.js';

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'matting-'));
  // 安琪 in a bar: a chair, a table and a neighbour's hair behind her.
  clip = await actorClip(path.join(dir, 'actor.mp4'), SMILING_ACTOR, 2);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The mean of each channel of a crop of one frame (`pixFmt` rgb24 or rgba). */
async function meanOf(file: string, crop: string, pixFmt: 'rgb24' | 'rgba' = 'rgb24', seconds = 1) {
  return channelMeans(await frameAt(file, seconds, crop, pixFmt), pixFmt === 'rgba' ? 4 : 3);
}

const FACE = 'crop=120:120:260:380';
const TOP_RIGHT = 'crop=100:100:600:20';

describe('person matting', () => {
  it('lays the person of a filmed clip over pure green, frame for frame', async () => {
    const out = path.join(dir, 'green.mp4');
    await matteOnGreen(clip, out);
    const [src, made] = [await probe(clip), await probe(out)];
    expect(made.video).toMatchObject({ width: 720, height: 1280 });
    expect(await countFrames(out)).toBe(await countFrames(clip));
    expect(made.audio).toBeFalsy();
    // The bar behind her is gone: the top right is the studio green.
    const [r, g, b] = await meanOf(out, TOP_RIGHT);
    expect(g).toBeGreaterThan(220);
    expect(r).toBeLessThan(40);
    expect(b).toBeLessThan(40);
    // Her face is kept as filmed.
    const face = await meanOf(out, FACE);
    const filmed = await meanOf(clip, FACE);
    face.forEach((v, i) => expect(Math.abs(v - filmed[i]!)).toBeLessThan(8));
    expect(src.duration).toBeCloseTo(made.duration, 1);
  }, 120_000);

  it('keeps the sound of a finished video it mattes', async () => {
    const voiced = path.join(dir, 'voiced.mp4');
    await ffmpeg(['-i', clip, '-f', 'lavfi', '-i', 'sine=f=440:d=2', '-c:v', 'copy', '-c:a', 'aac', '-shortest', voiced]);
    const out = path.join(dir, 'voiced-green.mp4');
    await matteOnGreen(voiced, out, { keepAudio: true });
    expect((await probe(out)).audio).toBeTruthy();
  }, 120_000);

  it('cuts the person out of a cover as a transparent PNG', async () => {
    const cover = path.join(dir, 'cover.jpg');
    await ffmpeg(['-i', clip, '-frames:v', '1', cover]);
    const png = path.join(dir, 'cutout.png');
    await cutoutOf(cover, png);
    const size = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height,pix_fmt', '-of', 'csv=p=0', png]);
    expect(size.toString().trim()).toBe('720,1280,rgba');
    const [, , , cornerAlpha] = await meanOf(png, TOP_RIGHT, 'rgba', 0);
    const [, , , faceAlpha] = await meanOf(png, FACE, 'rgba', 0);
    expect(cornerAlpha).toBeLessThan(10);
    expect(faceAlpha).toBeGreaterThan(245);
  }, 60_000);
});
