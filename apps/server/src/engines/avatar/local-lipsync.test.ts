import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../platform/media/ffmpeg.js';
import { euclidean, faceDescriptor } from '../talking-face/face-api.js';
import { jawBox, jawFrame } from '../talking-face/jaw.js';
import { mouthFrame } from '../talking-face/mouth.js';
import { decodeSpeech, frameRms } from '../talking-face/speech.js';
import { actorClip, CLOSED_ACTOR, faceClip, lumaFrames, measureFaces, pauses, pearson, rgbFrameAt, seamFigures, speechWithPauses } from '../talking-face/testing/media.js';
import { landmarksAt, unpackTrack, type FaceTrack } from '../talking-face/track.js';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID, pingPongFrame } from './local-lipsync.js';
import { avatarMessages } from './messages.js';
import { prepareAvatarMedia } from './prepare.js';
import { makeClip } from './testing/media.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

const engine = createLipsyncEngine();
let dir: string;
let avatar: PreparedAvatar;
let track: FaceTrack;
let speech: string;
let out: string;
let frames: number;
let rms: Float32Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lipsync-'));
  const media = await prepareAvatarMedia(await faceClip(join(dir, 'face.mp4')), join(dir, 'avatar'));
  avatar = await engine.prepareAvatar(media);
  const data = avatar.engineData[LIPSYNC_ENGINE_ID]!;
  track = unpackTrack(String(data.track), Number(data.every), avatar.frameCount, Number(data.faces));
  speech = await speechWithPauses(join(dir, 'speech.wav'));
  out = join(dir, 'out.mp4');
  await engine.render({ avatar, audioFile: speech, outFile: out });
  frames = Math.round((await probe(speech)).duration * avatar.fps);
  rms = frameRms(await decodeSpeech(speech), avatar.fps, frames);
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local lip-sync channel (本地合成 2.0（口型）)', () => {
  it('keeps the face landmarks with the avatar and renders the speech length with sound', async () => {
    expect(engine.lipSync).toBe(true);
    expect(avatarMessages.lipsyncChannelName).toBe('本地合成 2.0（口型）');
    expect(avatar.engineData[LIPSYNC_ENGINE_ID]).toMatchObject({ faces: 1, frames: avatar.frameCount });
    expect(track.samples.filter(Boolean).length).toBe(track.samples.length);
    const info = await probe(out);
    expect(info.audio).toBeTruthy();
    expect(info.video).toMatchObject({ width: 480, height: 854 });
    expect(Math.abs(info.duration - frames / avatar.fps)).toBeLessThan(0.1);
  });

  it('moves the lips with the speech and closes them in every pause', async () => {
    const measured = await measureFaces(out, avatar.width, avatar.height);
    const source = await measureFaces(avatar.mezzanine, avatar.width, avatar.height, { step: 3 });
    expect(measured.every((m) => m.landmarks)).toBe(true);
    const opening = measured.slice(0, frames).map((m) => m.opening);
    // Closed: within 0.05 of a mouth width (about 4 px here) of the most the source's own closed lips ever measure.
    const closed = Math.max(...source.map((m) => m.opening)) + 0.05;
    const r = pearson(opening, rms);
    const loud = [...rms.keys()].sort((a, b) => rms[b]! - rms[a]!).slice(0, Math.floor(frames / 5));
    const loudOpening = loud.reduce((s, i) => s + opening[i]!, 0) / loud.length;
    console.info(`lips: pearson ${r.toFixed(3)}, closed under ${closed.toFixed(3)}, loudest fifth open ${loudOpening.toFixed(3)}`);
    expect(r).toBeGreaterThanOrEqual(0.5);
    // The measure does see open mouths: the loudest fifth of the frames are well open.
    expect(loudOpening).toBeGreaterThan(closed * 1.5);
    // Pauses of 0.4 s or more under -40 dBFS; the first 3 frames (0.12 s) are the lips closing.
    const quiet = pauses(rms, 0.01, 10);
    expect(quiet.length).toBeGreaterThanOrEqual(3);
    for (const [a, b] of quiet) for (let i = a + 3; i <= b; i++) expect(opening[i], `frame ${i} in pause ${a}-${b}`).toBeLessThan(closed);
  }, 600_000);

  it('keeps the same person: face descriptors of open-mouth frames match their source frames', async () => {
    // Another person's face (sample6.jpg's woman), as the yardstick of what "a different person" measures.
    const otherClip = await actorClip(join(dir, 'other.mp4'), CLOSED_ACTOR, 1);
    const other = await faceDescriptor(await rgbFrameAt(otherClip, 0, 720, 1280), 720, 1280);
    expect(other).toBeTruthy();
    const loudest = [...rms.keys()].sort((a, b) => rms[b]! - rms[a]!).filter((i, k, all) => all.slice(0, k).every((j) => Math.abs(j - i) > 12)).slice(0, 6);
    let sum = 0;
    for (const i of loudest) {
      const a = await faceDescriptor(await rgbFrameAt(out, i, avatar.width, avatar.height), avatar.width, avatar.height);
      const b = await faceDescriptor(
        await rgbFrameAt(avatar.mezzanine, pingPongFrame(i, avatar.frameCount), avatar.width, avatar.height),
        avatar.width,
        avatar.height,
      );
      expect(a && b).toBeTruthy();
      const same = euclidean(a!, b!);
      const stranger = euclidean(a!, other!);
      // face-api's FaceMatcher calls two faces one person under 0.6; an open mouth moves the descriptor
      // (about 0.3–0.4 here), so each frame must stay well inside it and much nearer its source than a stranger.
      expect(same, `frame ${i}`).toBeLessThan(0.45);
      expect(same, `frame ${i}`).toBeLessThan(stranger * 0.6);
      console.info(`frame ${i}: source ${same.toFixed(3)}, stranger ${stranger.toFixed(3)}`);
      sum += same;
    }
    const mean = sum / loudest.length;
    expect(mean).toBeLessThan(0.4);
    console.info(`identity: mean descriptor distance ${mean.toFixed(3)} over ${loudest.length} open frames`);
  }, 600_000);

  it('changes nothing outside the mouth box, and the box edge shows no step', async () => {
    const outY = await lumaFrames(out, avatar.width, avatar.height);
    const srcY = await lumaFrames(avatar.mezzanine, avatar.width, avatar.height);
    let outside = 0;
    let step = 0;
    let openInside = 0;
    let open = 0;
    for (let i = 0; i < frames; i++) {
      const s = pingPongFrame(i, avatar.frameCount);
      const face = landmarksAt(track, s)!;
      const box = jawBox(jawFrame(mouthFrame(face), face));
      const f = seamFigures(outY[i]!, srcY[s]!, avatar.width, avatar.height, box);
      outside += f.outside / frames;
      step += f.step / frames;
      if (rms[i]! > 0.05) {
        openInside += f.inside;
        open++;
      }
    }
    // Outside the box only x264's re-encoding differs (CRF 20: well under one grey level on average).
    expect(outside).toBeLessThan(1);
    // Across the box edge the output's neighbour-to-neighbour jump is the source's, give or take that same noise.
    expect(step).toBeLessThan(1.5);
    // Inside the box the mouth did change on loud frames: the figures can tell change from noise.
    expect(openInside / open).toBeGreaterThan(outside * 3);
    console.info(`seam: outside MAD ${outside.toFixed(3)}, border step ${step.toFixed(3)}, inside MAD (loud) ${(openInside / open).toFixed(3)}`);
  }, 120_000);

  it('refuses an avatar with no face, in Chinese', async () => {
    const media = await prepareAvatarMedia(await makeClip(join(dir, 'pattern.mp4'), { seconds: 5 }), join(dir, 'pattern'));
    const none = await engine.prepareAvatar(media);
    expect(none.engineData[LIPSYNC_ENGINE_ID]).toMatchObject({ noFace: true });
    expect(engine.unusableReason?.(none)).toBe(avatarMessages.lipsyncNoFace);
    const e = await engine.render({ avatar: none, audioFile: speech, outFile: join(dir, 'none.mp4') }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(AvatarEngineError);
    expect((e as Error).message).toBe(avatarMessages.lipsyncNoFace);

    // An avatar prepared before the channel was on: its first render looks, says so, and hands that back.
    let found: PreparedAvatar['engineData'][string] | undefined;
    const unprepared = { ...media, engineData: {} };
    const first = await engine
      .render({ avatar: unprepared, audioFile: speech, outFile: join(dir, 'none2.mp4'), onEngineData: async (part) => void (found = part) })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect((first as Error).message).toBe(avatarMessages.lipsyncNoFace);
    expect(found).toMatchObject({ noFace: true });
  }, 120_000);
});
