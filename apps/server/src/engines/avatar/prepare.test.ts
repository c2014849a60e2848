import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarMessages } from './messages.js';
import { MEZZANINE_GOP } from './mezzanine.js';
import { prepareAvatarMedia } from './prepare.js';
import { checkAvatarSource } from './source-check.js';
import { makeAudioOnlyMp4, makeClip, moovBeforeMdat, framePsnr, streams, videoFrames } from './testing/media.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avatar-prepare-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>): Promise<AvatarEngineError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AvatarEngineError);
  return e as AvatarEngineError;
}

describe('avatar source validation', () => {
  it('refuses a 3 s clip as too short', async () => {
    const f = await makeClip(join(dir, 'short.mp4'), { seconds: 3 });
    const e = await refusal(checkAvatarSource(f));
    expect(e.message).toBe(avatarMessages.sourceTooShort);
  });

  it('refuses a clip tagged HDR (PQ smpte2084)', async () => {
    const f = await makeClip(join(dir, 'hdr.mp4'), { transfer: 'smpte2084' });
    const e = await refusal(checkAvatarSource(f));
    expect(e.message).toBe(avatarMessages.sourceHdr);
  });

  it('refuses a clip tagged HLG (arib-std-b67)', async () => {
    const f = await makeClip(join(dir, 'hlg.mp4'), { transfer: 'arib-std-b67' });
    expect((await refusal(checkAvatarSource(f))).key).toBe('sourceHdr');
  });

  it('refuses 200x200 as too small', async () => {
    const f = await makeClip(join(dir, 'tiny.mp4'), { width: 200, height: 200 });
    expect((await refusal(checkAvatarSource(f))).message).toBe(avatarMessages.sourceResolutionTooLow);
  });

  it('refuses a long side above 3840 (portrait too)', async () => {
    const f = await makeClip(join(dir, 'huge.mp4'), { width: 400, height: 3856, seconds: 5 });
    expect((await refusal(checkAvatarSource(f))).message).toBe(avatarMessages.sourceResolutionTooHigh);
  });

  it('accepts a .mov file', async () => {
    const f = await makeClip(join(dir, 'phone.mov'));
    const checked = await checkAvatarSource(f);
    expect(checked.displayWidth).toBe(640);
    expect(checked.displayHeight).toBe(360);
  });

  it('refuses a text file named .mp4 as unreadable', async () => {
    const f = join(dir, 'fake.mp4');
    await writeFile(f, 'this is not a video\n'.repeat(50));
    expect((await refusal(checkAvatarSource(f))).message).toBe(avatarMessages.sourceUnreadable);
  });

  it('refuses a file with no video stream', async () => {
    const f = await makeAudioOnlyMp4(join(dir, 'voice.mp4'), 8);
    expect((await refusal(checkAvatarSource(f))).message).toBe(avatarMessages.sourceNoVideo);
  });

  it('refuses other extensions and containers with the spec wording', async () => {
    const f = await makeClip(join(dir, 'clip.mkv'));
    expect((await refusal(checkAvatarSource(f))).message).toBe(avatarMessages.sourceFormat);
    const renamed = join(dir, 'matroska.mp4');
    await copyFile(f, renamed);
    expect((await refusal(checkAvatarSource(renamed))).key).toBe('sourceFormat');
  });

  it('refuses a file above the size limit', async () => {
    const f = await makeClip(join(dir, 'big.mp4'));
    const e = await refusal(checkAvatarSource(f, { limits: { maxBytes: 1000 } }));
    expect(e.message).toBe(avatarMessages.sourceTooBig);
  });

  it('refuses a clip above 30 minutes (limit lowered for the test)', async () => {
    const f = await makeClip(join(dir, 'long.mp4'), { seconds: 7 });
    expect((await refusal(checkAvatarSource(f, { limits: { maxSeconds: 6 } }))).message).toBe(avatarMessages.sourceTooLong);
  });

  it('gives every refusal its own message', () => {
    const keys = ['sourceFormat', 'sourceTooBig', 'sourceUnreadable', 'sourceNoVideo', 'sourceTooShort', 'sourceTooLong', 'sourceResolutionTooLow', 'sourceResolutionTooHigh', 'sourceHdr'] as const;
    expect(new Set(keys.map((k) => avatarMessages[k])).size).toBe(keys.length);
  });
});

describe('avatar preparation (mezzanine)', () => {
  let avatar: PreparedAvatar;
  beforeAll(async () => {
    // A landscape 30 fps phone recording stored sideways with a 90° display matrix.
    const src = await makeClip(join(dir, 'rotated.mp4'), { width: 640, height: 360, seconds: 6, rotate: 90, withAudio: true });
    avatar = await prepareAvatarMedia(src, join(dir, 'avatar-rot'), { reverseChunkFrames: 40 });
  });

  it('applies the rotation: the portrait clip comes out upright', async () => {
    expect(avatar.width).toBe(360);
    expect(avatar.height).toBe(640);
    expect(avatar.orientation).toBe(2);
    const [v] = await streams(avatar.mezzanine);
    expect(v?.width).toBe(360);
    expect(v?.height).toBe(640);
    expect(v?.side_data_list?.find((s) => typeof s.rotation === 'number')?.rotation ?? 0).toBe(0);
  });

  it('writes H.264 yuv420p at constant 25 fps, no audio, faststart', async () => {
    const all = await streams(avatar.mezzanine);
    expect(all).toHaveLength(1);
    const v = all[0];
    expect(v?.codec_name).toBe('h264');
    expect(v?.pix_fmt).toBe('yuv420p');
    expect(v?.r_frame_rate).toBe('25/1');
    expect(v?.avg_frame_rate).toBe('25/1');
    expect(avatar.frameCount).toBe(150);
    expect(avatar.duration).toBe(6);
    expect(await moovBeforeMdat(avatar.mezzanine)).toBe(true);
  });

  it('has no B-frames and a keyframe exactly every GOP', async () => {
    const [v] = await streams(avatar.mezzanine);
    expect(v?.has_b_frames).toBe(0);
    const frames = await videoFrames(avatar.mezzanine);
    expect(frames.some((f) => f.pictType === 'B')).toBe(false);
    const keys = frames.flatMap((f, i) => (f.key ? [i] : []));
    expect(keys).toEqual(Array.from({ length: Math.ceil(150 / MEZZANINE_GOP) }, (_, i) => i * MEZZANINE_GOP));
  });

  it('writes a reversed copy of the same length and encoding, mirrored frame for frame', async () => {
    const [fwd] = await streams(avatar.mezzanine);
    const [rev] = await streams(avatar.reversed);
    expect(rev?.nb_frames).toBe('150');
    expect(rev?.duration).toBe(fwd?.duration);
    expect(rev?.pix_fmt).toBe('yuv420p');
    expect(rev?.has_b_frames).toBe(0);
    expect((await videoFrames(avatar.reversed)).some((f) => f.pictType === 'B')).toBe(false);
    expect(await moovBeforeMdat(avatar.reversed)).toBe(true);
    // Reversal crosses the 40-frame chunk joins correctly: frame k of one is frame 149-k of the other.
    for (const k of [0, 39, 40, 75, 149]) expect(await framePsnr(avatar.reversed, k, avatar.mezzanine, 149 - k)).toBeGreaterThan(35);
    expect(await framePsnr(avatar.reversed, 0, avatar.mezzanine, 0)).toBeLessThan(30);
  });

  it('writes a cover and a small cover (240 px long side)', async () => {
    const [cover] = await streams(avatar.cover);
    const [small] = await streams(avatar.coverSmall);
    expect(cover?.codec_name).toBe('mjpeg');
    expect([cover?.width, cover?.height]).toEqual([360, 640]);
    expect([small?.width, small?.height]).toEqual([136, 240]);
  });

  it('keeps landscape clips landscape and even-sized', async () => {
    const src = await makeClip(join(dir, 'odd.mov'), { width: 643, height: 361, seconds: 5 });
    const a = await prepareAvatarMedia(src, join(dir, 'avatar-odd'));
    expect(a.orientation).toBe(1);
    expect(a.width % 2).toBe(0);
    expect(a.height % 2).toBe(0);
    expect(a.frameCount).toBe(125);
  });
});
