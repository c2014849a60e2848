import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAtlasMeta, type LiveAtlasMeta } from '@app/contract';
import { ffmpeg, probe, runTool } from '../../platform/media/ffmpeg.js';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID } from '../avatar/local-lipsync.js';
import { prepareAvatarMedia } from '../avatar/prepare.js';
import { makeClip } from '../avatar/testing/media.js';
import type { PreparedAvatar } from '../avatar/types.js';
import { atlasSelection, buildLiveAtlas, LiveAtlasNoFace } from './live-atlas.js';
import { unpackIndex, type MouthShape } from './mouth-bank.js';
import { faceClip, speechWithPauses } from './testing/media.js';
import { unpackTrack } from './track.js';

const engine = createLipsyncEngine();
let dir: string;

const trackOf = (a: PreparedAvatar) => {
  const d = a.engineData[LIPSYNC_ENGINE_ID]!;
  const track = unpackTrack(String(d.track), Number(d.every), a.frameCount, Number(d.faces));
  return { track, index: unpackIndex(String(d.mouths), track.every) };
};

/** The atlas as RGBA pixels. */
async function atlasPixels(file: string, meta: LiveAtlasMeta): Promise<Buffer> {
  const raw = await ffmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-']);
  expect(raw.length).toBe(meta.atlas.width * meta.atlas.height * 4);
  return raw;
}

/** Mean absolute RGB difference of two sprites where both are opaque. */
function spriteDifference(raw: Buffer, meta: LiveAtlasMeta, a: number, b: number): number {
  const A = meta.sprites[a]!;
  const B = meta.sprites[b]!;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < A.h; y++)
    for (let x = 0; x < A.w; x++) {
      const i = ((A.y + y) * meta.atlas.width + A.x + x) * 4;
      const j = ((B.y + y) * meta.atlas.width + B.x + x) * 4;
      if (raw[i + 3]! < 250 || raw[j + 3]! < 250) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(raw[i + c]! - raw[j + c]!);
      n += 3;
    }
  return n ? sum / n : 0;
}

async function checkLoop(file: string, a: PreparedAvatar, meta: LiveAtlasMeta) {
  const info = await probe(file);
  expect(info.audio).toBeFalsy();
  expect(info.video).toMatchObject({ width: meta.loop.width, height: meta.loop.height });
  const out = await runTool('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=nb_read_frames,codec_name,pix_fmt',
    '-of',
    'json',
    file,
  ]);
  const s = (
    JSON.parse(out.toString()) as { streams: { nb_read_frames: string; codec_name: string; pix_fmt: string }[] }
  ).streams[0]!;
  expect(s).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
  expect(Number(s.nb_read_frames)).toBe(2 * a.frameCount);
  expect(meta.loop.frames).toBe(2 * a.frameCount);
  expect(meta.track).toHaveLength(a.frameCount);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-atlas-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('live avatar assets', () => {
  it('opens a photo-like presenter with the jaw warp: closed to wide open, spread and rounded', async () => {
    const media = await prepareAvatarMedia(await faceClip(join(dir, 'face.mp4'), 5.2), join(dir, 'still'));
    const avatar = await engine.prepareAvatar(media);
    const { track, index } = trackOf(avatar);
    const out = join(dir, 'still-live');
    await mkdir(out);
    const { meta, files } = await buildLiveAtlas(avatar, track, index, out);
    expect(liveAtlasMeta.parse(JSON.parse(await readFile(files.meta, 'utf8')))).toEqual(meta);
    expect(meta.source).toBe('jaw');
    expect(meta.sprites.length).toBeGreaterThanOrEqual(8);
    expect(meta.track.every((t) => t !== null && t.length === 12)).toBe(true);
    await checkLoop(files.loop, avatar, meta);
    const raw = await atlasPixels(files.atlas, meta);
    const widest = meta.sprites.reduce((b, s, k) => (s.open > meta.sprites[b]!.open ? k : b), 0);
    expect(meta.sprites[meta.rest]!.open).toBe(0);
    // The wide-open sprite shows a mouth the rest does not; two neighbouring openings differ less.
    expect(spriteDifference(raw, meta, meta.rest, widest)).toBeGreaterThan(4);
    // The corners of a sprite are outside its mask (transparent), its middle opaque.
    const s = meta.sprites[meta.rest]!;
    expect(raw[((s.y + 1) * meta.atlas.width + s.x + 1) * 4 + 3]).toBe(0);
    expect(raw[((s.y + s.h / 2) * meta.atlas.width + s.x + s.w / 2) * 4 + 3]).toBe(255);
  });

  it('takes the mouths of a speaking presenter from the footage', async () => {
    // A presenter who speaks: the still face rendered speaking, then prepared as an avatar of its own.
    const still = await engine.prepareAvatar(
      await prepareAvatarMedia(await faceClip(join(dir, 'face2.mp4'), 5.2), join(dir, 'still2')),
    );
    const talking = join(dir, 'talking.mp4');
    await engine.render({
      avatar: still,
      audioFile: await speechWithPauses(join(dir, 'speech.wav')),
      outFile: talking,
    });
    const avatar = await engine.prepareAvatar(await prepareAvatarMedia(talking, join(dir, 'talking')));
    const { track, index } = trackOf(avatar);
    const out = join(dir, 'talking-live');
    await mkdir(out);
    const { meta, files } = await buildLiveAtlas(avatar, track, index, out);
    expect(meta.source).toBe('footage');
    expect(meta.sprites.length).toBeGreaterThanOrEqual(8);
    expect(meta.loop.forward).toBeLessThanOrEqual(375);
    // Closed and clearly open mouths among them.
    expect(meta.sprites[meta.rest]!.open).toBeLessThan(0.03);
    expect(Math.max(...meta.sprites.map((s) => s.open))).toBeGreaterThan(0.12);
    const raw = await atlasPixels(files.atlas, meta);
    const widest = meta.sprites.reduce((b, s, k) => (s.open > meta.sprites[b]!.open ? k : b), 0);
    expect(spriteDifference(raw, meta, meta.rest, widest)).toBeGreaterThan(4);
  }, 300_000);

  it('refuses footage without a face', async () => {
    const media = await prepareAvatarMedia(
      await makeClip(join(dir, 'pattern.mp4'), { seconds: 5.2 }),
      join(dir, 'pattern'),
    );
    const avatar = await engine.prepareAvatar(media);
    const d = avatar.engineData[LIPSYNC_ENGINE_ID]!;
    expect(d.noFace).toBe(true);
    const track = { every: 5, frameCount: media.frameCount, samples: [null, null, null], faces: 0 };
    await expect(buildLiveAtlas(avatar, track, [], join(dir, 'pattern'))).rejects.toBeInstanceOf(LiveAtlasNoFace);
  });
});

describe('atlasSelection', () => {
  const shape = (frame: number, open: number, width = 1, round = 0.3): MouthShape => ({ frame, open, width, round });
  it('starts with the rest mouth and spreads over openness, width and rounding', () => {
    const index: MouthShape[] = [];
    for (let k = 0; k < 200; k++)
      index.push(shape(k * 5, (k % 10) * 0.03, 1 + ((k % 7) - 3) * 0.02, 0.3 + ((k % 5) - 2) * 0.03));
    const picked = atlasSelection(index, 24);
    expect(picked).toHaveLength(24);
    expect(picked[0]!.open).toBe(0);
    const opens = new Set(picked.map((s) => s.open.toFixed(2)));
    expect(opens.size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...picked.map((s) => s.open))).toBeCloseTo(0.27);
    expect(new Set(picked.map((s) => s.frame)).size).toBe(24);
  });
  it('never takes the same shape twice and leaves out odd readings', () => {
    const index = [
      shape(0, 0),
      shape(5, 0),
      shape(10, 0.2),
      shape(15, 0.2),
      ...Array.from({ length: 40 }, (_, k) => shape(20 + k * 5, 0.1)),
    ];
    index.push(shape(999, 0.1, 3, 3));
    const picked = atlasSelection(index, 24);
    expect(picked.map((s) => s.frame)).not.toContain(999);
    expect(picked).toHaveLength(3);
  });
});
