import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioLevels, probe, runToolStderr } from '../../platform/media/ffmpeg.js';
import { createLocalEngine, pingPongPieces } from './local.js';
import { avatarMessages } from './messages.js';
import { prepareAvatarMedia } from './prepare.js';
import { blackSeconds, framePsnr, makeClip, makeTone, streams, videoFrames, videoPacketHashes } from './testing/media.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

let dir: string;
let avatar: PreparedAvatar;
const engine = createLocalEngine();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avatar-local-'));
  const src = await makeClip(join(dir, 'src.mp4'), { width: 640, height: 360, seconds: 6 });
  avatar = await prepareAvatarMedia(src, join(dir, 'avatar'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function renderFor(seconds: number, name: string) {
  const audioFile = await makeTone(join(dir, `${name}.wav`), seconds);
  const outFile = join(dir, `${name}.mp4`);
  const progress: number[] = [];
  const result = await engine.render({ avatar, audioFile, outFile, onProgress: (p) => progress.push(p) });
  return { audioFile, outFile, result, progress };
}

/** Checks a person would notice: one picture and one sound track, right length, sound, no black, no re-encode. */
async function expectGoodVideo(outFile: string, audioFile: string) {
  const all = await streams(outFile);
  expect(all.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  expect(all.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  const out = await probe(outFile);
  const audio = await probe(audioFile);
  expect(Math.abs(out.duration - audio.duration)).toBeLessThanOrEqual(0.1);
  const levels = await audioLevels(outFile);
  expect(levels.maxDb).toBeGreaterThan(-20);
  expect(await blackSeconds(outFile)).toBe(0);
  // Stream copy: the first mezzanine-length run of packets is byte-identical to the mezzanine.
  const mezz = await videoPacketHashes(avatar.mezzanine);
  const got = await videoPacketHashes(outFile);
  const n = Math.min(mezz.length, got.length);
  expect(got.slice(0, n)).toEqual(mezz.slice(0, n));
  return out;
}

describe('local composition renderer', () => {
  it('is honest about lips and advertises its concurrency', () => {
    expect(engine.id).toBe('local');
    expect(engine.lipSync).toBe(false);
    expect(avatarMessages.localChannelName).toBe('本地合成 1.0（无口型）');
    expect(engine.maxConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('plans forward/backward turns with the last one cut', () => {
    expect(pingPongPieces(avatar, 375)).toEqual([
      { file: avatar.mezzanine },
      { file: avatar.reversed },
      { file: avatar.mezzanine, outpoint: 3 },
    ]);
    expect(pingPongPieces(avatar, 150)).toEqual([{ file: avatar.mezzanine }]);
  });

  it('starts a later segment of a render at the turn its first frame is in', () => {
    // Frame 200 is frame 50 of the second (backward) turn: the list opens on that turn, 50 frames to skip.
    expect(pingPongPieces(avatar, 100, 200)).toEqual([{ file: avatar.reversed }]);
    expect(pingPongPieces(avatar, 100, 280)).toEqual([
      { file: avatar.reversed },
      { file: avatar.mezzanine, outpoint: 3.2 },
    ]);
    expect(pingPongPieces(avatar, 10, 300)).toEqual([{ file: avatar.mezzanine, outpoint: 0.4 }]);
  });

  it('cuts the clip when the audio is shorter than it', async () => {
    const { outFile, audioFile, result, progress } = await renderFor(3.3, 'short');
    const out = await expectGoodVideo(outFile, audioFile);
    expect(result).toMatchObject({ file: outFile, width: 640, height: 360 });
    expect(Math.abs(result.duration - out.duration)).toBeLessThan(0.001);
    expect((await videoFrames(outFile)).length).toBe(Math.round(3.3 * 25));
    expect(progress.at(-1)).toBe(1);
  });

  it('loops forward and backward for audio 2.5x the clip, without jump cuts', async () => {
    const { outFile, audioFile } = await renderFor(15, 'long');
    await expectGoodVideo(outFile, audioFile);
    expect((await videoFrames(outFile)).length).toBe(375);
    // Joins at frames 150 (forward→back) and 300 (back→forward) continue the picture.
    expect(await framePsnr(outFile, 149, outFile, 150)).toBeGreaterThan(35);
    expect(await framePsnr(outFile, 299, outFile, 300)).toBeGreaterThan(35);
    // The metric does see a jump: the clip's end against its start.
    expect(await framePsnr(outFile, 149, outFile, 0)).toBeLessThan(30);
    // The joined stream decodes without a single error.
    expect((await runToolStderr('ffmpeg', ['-v', 'error', '-i', outFile, '-f', 'null', '-'])).trim()).toBe('');
  });

  it('plays the clip once when the audio is exactly as long', async () => {
    const { outFile, audioFile } = await renderFor(6, 'equal');
    await expectGoodVideo(outFile, audioFile);
    expect((await videoFrames(outFile)).length).toBe(150);
  });

  it('refuses unreadable audio in Chinese', async () => {
    const e = await engine
      .render({ avatar, audioFile: avatar.cover, outFile: join(dir, 'bad.mp4') })
      .then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(AvatarEngineError);
    expect((e as AvatarEngineError).message).toBe(avatarMessages.audioUnreadable);
  });
});
