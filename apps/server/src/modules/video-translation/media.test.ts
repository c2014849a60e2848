import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, runTool } from '../../platform/media/ffmpeg.js';
import { planAlignment } from './align.js';
import { stretchSource } from './media.js';

let dir: string;
let source: string;

/** Each stream's duration, seconds, as ffprobe reads it. */
async function streamSeconds(file: string): Promise<{ video: number; audio: number; format: number }> {
  const raw = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
    timeoutMs: 60_000,
  });
  const j = JSON.parse(raw.toString('utf8')) as {
    streams: { codec_type: string; duration?: string }[];
    format: { duration: string };
  };
  const of = (type: string) => Number(j.streams.find((s) => s.codec_type === type)?.duration ?? NaN);
  return { video: of('video'), audio: of('audio'), format: Number(j.format.duration) };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stretch-'));
  source = path.join(dir, 'source.mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=6',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=6',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
  ]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('slowing a stretch of the source for a dub that does not fit', () => {
  it('plays the planned span longer, picture and sound together, and leaves the rest as it was', async () => {
    // 4 s of dub for a 1 s slot with 1 s of gap: 1.3× leaves 3.08 s for 2 s of room.
    const plan = planAlignment(
      [
        { id: 0, start: 1, end: 2, dubSeconds: 4 },
        { id: 1, start: 3, end: 4, dubSeconds: 1 },
      ],
      6,
    );
    expect(plan.stretches).toHaveLength(1);
    const out = path.join(dir, 'stretched.mp4');
    await stretchSource(source, plan.stretches, 6, out);
    const got = await streamSeconds(out);
    expect(Math.abs(got.format - plan.duration)).toBeLessThan(0.1);
    expect(Math.abs(got.video - got.audio)).toBeLessThan(0.1);
  }, 120_000);

  it('holds the last frame for a span too short to slow (a dub running past the very end)', async () => {
    const out = path.join(dir, 'held.mp4');
    await stretchSource(source, [{ from: 6, to: 6, extra: 0.8 }], 6, out);
    const got = await streamSeconds(out);
    expect(Math.abs(got.format - 6.8)).toBeLessThan(0.15);
    expect(Math.abs(got.video - got.audio)).toBeLessThan(0.15);
  }, 120_000);
});
