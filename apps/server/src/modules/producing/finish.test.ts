import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { fitIntoCanvas } from './canvas.js';
import { finishVideo } from './finish.js';

let dir: string;
let clip: string;

/** The frame at `seconds` as RGB bytes, `w`×`h`. */
async function frameAt(file: string, seconds: number, crop?: string): Promise<Buffer> {
  const vf = crop ? ['-vf', crop] : [];
  return ffmpeg([
    '-ss',
    String(seconds),
    '-i',
    file,
    '-frames:v',
    '1',
    ...vf,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
}

/** Mean RGB of a block of bytes. */
function mean(rgb: Buffer): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < rgb.length; i++) sum[i % 3]! += rgb[i]!;
  const n = rgb.length / 3;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finish-'));
  clip = path.join(dir, 'clip.mp4');
  // A portrait talking clip stand-in: a moving test picture with a tone.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=240x320:r=25:d=3',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=3',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('finishVideo', () => {
  it('answers the render itself when the plan asks nothing', async () => {
    expect(await finishVideo(clip, {})).toBe(clip);
    expect(await finishVideo(clip, { canvas: null, background: null, captionsFile: null, music: null })).toBe(clip);
  });

  it('fits the render into its canvas with the colour around it, keeping length and sound', async () => {
    const out = await fitIntoCanvas(clip, { width: 480, height: 480, color: '#ff0000' });
    const info = await probe(out);
    expect(info.video).toMatchObject({ width: 480, height: 480 });
    expect(info.audio).toBeTruthy();
    expect(info.duration).toBeGreaterThan(2.8);
    expect(info.duration).toBeLessThan(3.3);
    const [r, g, b] = mean(await frameAt(out, 1, 'crop=8:8:0:0'));
    expect(r).toBeGreaterThan(220);
    expect(g).toBeLessThan(40);
    expect(b).toBeLessThan(40);
  });

  it('burns an ASS captions file into the picture in the same pass', async () => {
    const ass = path.join(dir, 'captions.ass');
    await writeFile(
      ass,
      [
        '[Script Info]',
        'ScriptType: v4.00+',
        'PlayResX: 240',
        'PlayResY: 320',
        '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, OutlineColour, BackColour, BorderStyle, Outline, Shadow, Alignment, MarginV',
        'Style: Default,Noto Sans CJK SC,28,&H00FFFFFF,&H00000000,&H00000000,3,4,0,2,20',
        '',
        '[Events]',
        'Format: Layer, Start, End, Style, Text',
        'Dialogue: 0,0:00:00.00,0:00:03.00,Default,大家好欢迎',
        '',
      ].join('\n'),
    );
    const out = await finishVideo(clip, { captionsFile: ass });
    // The caption band (bottom 80 rows) differs from the plain render; the top of the picture does not.
    const band = 'crop=240:80:0:240';
    const top = 'crop=240:80:0:0';
    const diff = (a: Buffer, b: Buffer) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
    expect(diff(await frameAt(out, 1, band), await frameAt(clip, 1, band))).toBeGreaterThan(15);
    expect(diff(await frameAt(out, 1, top), await frameAt(clip, 1, top))).toBeLessThan(6);
  });
});
