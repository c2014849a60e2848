import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectScreen, screenOfPixel } from './screen.js';
import { makeClip, makeScreenClip } from './testing/media.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'screen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('detectScreen', () => {
  it('finds a studio green behind the presenter and samples its own colour', async () => {
    const clip = await makeScreenClip(path.join(dir, 'green.mp4'), { seconds: 2 });
    const found = await detectScreen(clip, 2);
    expect(found?.key).toBe('green');
    // The footage's green (0x00b140 through the encoder), not the pure screen colour.
    const [r, g, b] = channels(found!.color);
    expect(Math.abs(r! - 0x00)).toBeLessThan(16);
    expect(Math.abs(g! - 0xb1)).toBeLessThan(16);
    expect(Math.abs(b! - 0x40)).toBeLessThan(16);
  });

  it('finds a blue screen in a landscape clip', async () => {
    const clip = await makeScreenClip(path.join(dir, 'blue.mp4'), {
      width: 640,
      height: 360,
      seconds: 2,
      screen: '0x1040d0',
    });
    expect((await detectScreen(clip, 2))?.key).toBe('blue');
  });

  it('answers none for footage whose edges are not one screen colour', async () => {
    const clip = await makeClip(path.join(dir, 'room.mp4'), { width: 360, height: 640, seconds: 2 });
    expect(await detectScreen(clip, 2)).toBeNull();
  });

  it('tells screen colours from skin, grey and sky', () => {
    expect(screenOfPixel(0, 177, 64)).toBe('green');
    expect(screenOfPixel(30, 60, 200)).toBe('blue');
    expect(screenOfPixel(224, 172, 140)).toBeNull();
    expect(screenOfPixel(128, 128, 128)).toBeNull();
    expect(screenOfPixel(135, 190, 235)).toBeNull();
  });
});
