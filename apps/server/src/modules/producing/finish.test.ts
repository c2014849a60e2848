import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { channelMeans, frameAt, makeScreenClip } from '../../engines/avatar/testing/media.js';
import { screenOfPixel } from '../../engines/avatar/screen.js';
import { fitIntoCanvas } from './canvas.js';
import { finishVideo } from './finish.js';

let dir: string;
let clip: string;

/** The frame at `seconds` as RGB bytes, `w`×`h`. */
const mean = (rgb: Buffer) => channelMeans(rgb) as [number, number, number];

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

  it('keys a green-screen presenter onto a colour: the corners are the colour, < 1 % green left', async () => {
    const screen = await makeScreenClip(path.join(dir, 'screen.mp4'), { seconds: 2 });
    const out = await finishVideo(screen, { background: { color: '#1664ff', key: 'green', keyColor: '#00b140' } });
    const info = await probe(out);
    expect(info.video).toMatchObject({ width: 360, height: 640 });
    expect(info.audio).toBeTruthy();
    const frame = await frameAt(out, 1);
    let green = 0;
    for (let i = 0; i < frame.length; i += 3) if (screenOfPixel(frame[i]!, frame[i + 1]!, frame[i + 2]!) === 'green') green++;
    expect(green / (frame.length / 3)).toBeLessThan(0.01);
    for (const corner of ['crop=12:12:0:0', 'crop=12:12:348:0', 'crop=12:12:0:628', 'crop=12:12:348:628']) {
      const [r, g, b] = mean(await frameAt(out, 1, corner));
      expect(Math.abs(r - 0x16)).toBeLessThan(14);
      expect(Math.abs(g - 0x64)).toBeLessThan(14);
      expect(Math.abs(b - 0xff)).toBeLessThan(14);
    }
    // The presenter (grey, lower middle) is still there, untouched by the key.
    const [pr, pg, pb] = mean(await frameAt(out, 1, 'crop=60:60:150:380'));
    expect(Math.max(pr, pg, pb) - Math.min(pr, pg, pb)).toBeLessThan(30);
  });

  it('stands the presenter where asked and at its size, over a picture', async () => {
    const screen = await makeScreenClip(path.join(dir, 'screen-l.mp4'), { width: 640, height: 360, seconds: 2 });
    const picture = path.join(dir, 'red.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xd03020:s=320x180', '-frames:v', '1', picture]);
    const out = await finishVideo(screen, {
      background: { image: picture, key: 'green', keyColor: null, placement: { x: 0.25, y: 0.5, scale: 0.5 } },
    });
    // Shrunk to half and centred at a quarter across: the right half of the frame is only the picture.
    const [r, g, b] = mean(await frameAt(out, 1, 'crop=300:340:330:10'));
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(70);
    const left = mean(await frameAt(out, 1, 'crop=40:40:140:200'));
    expect(Math.abs(left[0] - left[1])).toBeLessThan(30);
  });

  it('ducks the music under speech by at least 10 dB and fades it out', async () => {
    // "Speech": a 300 Hz voice for the first second of every two; the music a steady 1 kHz tone.
    const talk = path.join(dir, 'talk.mp4');
    await ffmpeg([
      '-f', 'lavfi', '-i', 'testsrc2=s=160x160:r=25:d=8',
      '-f', 'lavfi', '-i', "aevalsrc='0.5*sin(2*PI*300*t)*lt(mod(t,2),1)':s=48000:d=8",
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', talk,
    ]);
    const song = path.join(dir, 'song.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=1000:sample_rate=48000:d=3', '-c:a', 'aac', song]);
    const out = await finishVideo(talk, { music: { file: song, volume: 0.5 } });
    const info = await probe(out);
    expect(info.duration).toBeGreaterThan(7.8);
    expect(info.duration).toBeLessThan(8.3);
    const rate = 16000;
    const pcm = await ffmpeg(['-i', out, '-vn', '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-']);
    const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 4);
    /** Level of the 1 kHz music between `from` and `to` seconds (Goertzel), in dB. */
    const musicDb = (from: number, to: number) => {
      const a = Math.round(from * rate);
      const n = Math.round((to - from) * rate);
      const k = (2 * Math.cos((2 * Math.PI * 1000) / rate));
      let s1 = 0;
      let s2 = 0;
      for (let i = a; i < a + n; i++) {
        const s0 = samples[i]! + k * s1 - s2;
        s2 = s1;
        s1 = s0;
      }
      const power = s1 * s1 + s2 * s2 - k * s1 * s2;
      return 10 * Math.log10(power / (n * n) + 1e-12);
    };
    // Under speech (inside each spoken second) against the pauses (once the music has come back up).
    for (const t of [2, 4]) expect(musicDb(t + 1.6, t + 1.95) - musicDb(t + 0.3, t + 0.9)).toBeGreaterThanOrEqual(10);
    // Looped past the track's 3 s, and faded out over the end.
    expect(musicDb(3.5, 3.95)).toBeGreaterThan(musicDb(7.6, 7.95) + 6);
    expect(musicDb(1.6, 1.95)).toBeGreaterThan(-40);
  });
});
