/**
 * Mouth strips for a person to look at: the offline voice saying 啊 / 一 / 乌 three times, rendered by
 * the first lip-sync engine (before) and the current one (after) on each demo actor, on an avatar
 * cloned from a clip of a person speaking, and on a photo; for each, 12 instants (the middle of each
 * vowel and three pauses) cropped around the mouth, side by side, before above after.
 * Run: npx tsx scripts/lipsync-strips.ts [out-dir]   (default e2e/screenshots/lipsync/, which git ignores)
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID, pingPongFrame } from '../apps/server/src/engines/avatar/local-lipsync.js';
import { prepareAvatarMedia } from '../apps/server/src/engines/avatar/prepare.js';
import type { PreparedAvatar } from '../apps/server/src/engines/avatar/types.js';
import { createLocalPhotoEngine } from '../apps/server/src/engines/photo/local.js';
import { detectFaces, releaseFaceThread } from '../apps/server/src/engines/talking-face/face-api.js';
import { mouthLandmarksOf, type MouthLandmarks } from '../apps/server/src/engines/talking-face/mouth.js';
import { decodeSpeech, SPEECH_RATE } from '../apps/server/src/engines/talking-face/speech.js';
import { pauses, samplePhoto, soundingRuns, vowelSpeech } from '../apps/server/src/engines/talking-face/testing/media.js';
import { landmarksAt, unpackTrack } from '../apps/server/src/engines/talking-face/track.js';
import { visemeTrack } from '../apps/server/src/engines/talking-face/visemes.js';
import { DEMO_ACTORS, renderDemoClip } from '../apps/server/src/modules/avatars/demo-actors.js';
import { ffmpeg } from '../apps/server/src/platform/media/ffmpeg.js';

const OUT = process.argv[2] ?? new URL('../e2e/screenshots/lipsync/', import.meta.url).pathname;
const TILE = 220;

/** The square around the mouth at the given frames: centred on the mouth, 3.4 mouth widths a side. */
function mouthSquare(faces: MouthLandmarks[], width: number, height: number) {
  let x = 0;
  let y = 0;
  let w = 0;
  for (const f of faces) {
    x += (f.mouth[0]!.x + f.mouth[6]!.x) / 2 / faces.length;
    y += ((f.mouth[3]!.y + f.mouth[9]!.y) / 2 + (f.chin.y - f.mouth[9]!.y) * 0.35) / faces.length;
    w += Math.hypot(f.mouth[6]!.x - f.mouth[0]!.x, f.mouth[6]!.y - f.mouth[0]!.y) / faces.length;
  }
  const size = Math.min(width, height, 2 * Math.round((w * 2.6) / 2));
  return {
    x: Math.round(Math.max(0, Math.min(width - size, x - size / 2))),
    y: Math.round(Math.max(0, Math.min(height - size, y - size / 2))),
    size,
  };
}

async function strip(clip: string, picks: number[], square: { x: number; y: number; size: number }, out: string): Promise<void> {
  const select = picks.map((i) => `eq(n\\,${i})`).join('+');
  await ffmpeg([
    '-i', clip,
    '-vf', `select='${select}',crop=${square.size}:${square.size}:${square.x}:${square.y},scale=${TILE}:${TILE},tile=${picks.length}x1`,
    '-frames:v', '1', '-fps_mode', 'passthrough', out,
  ]);
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const dir = await mkdtemp(join(tmpdir(), 'lipsync-strips-'));
  try {
    const speech = await vowelSpeech(join(dir, 'vowels.wav'));
    const samples = await decodeSpeech(speech);
    const frames = Math.floor((samples.length / SPEECH_RATE) * 25);
    const v = visemeTrack(samples, SPEECH_RATE, 25, frames);
    const middles = soundingRuns(v.rms, 0.01, 8).map(([a, b]) => Math.round((a + b) / 2));
    const rests = pauses(v.rms, 0.01, 8).map(([a, b]) => Math.round((a + b) / 2)).slice(0, 3);
    const picks = [...middles, ...rests].sort((a, b) => a - b).slice(0, 12);
    console.log(`instants (frames): ${picks.join(', ')}; vowels a/i/u at ${middles.join(', ')}`);
    const current = createLipsyncEngine();
    const flat = createLipsyncEngine({ drive: 'flat' });

    const videoStrips = async (name: string, avatar: PreparedAvatar) => {
      const d = avatar.engineData[LIPSYNC_ENGINE_ID]!;
      const track = unpackTrack(String(d.track), Number(d.every), avatar.frameCount, Number(d.faces));
      const faces = picks.map((i) => landmarksAt(track, pingPongFrame(i, avatar.frameCount))).filter((f) => f !== null);
      const square = mouthSquare(faces, avatar.width, avatar.height);
      const rows: string[] = [];
      for (const [label, engine] of [['before', flat], ['after', current]] as const) {
        const video = join(dir, `${name}-${label}.mp4`);
        await engine.render({ avatar, audioFile: speech, outFile: video });
        rows.push(join(dir, `${name}-${label}.png`));
        await strip(video, picks, square, rows.at(-1)!);
      }
      await ffmpeg(['-i', rows[0]!, '-i', rows[1]!, '-filter_complex', 'vstack', join(OUT, `${name}.png`)]);
      console.log(`${join(OUT, `${name}.png`)}  (footage mouths: ${d.footageMouths === true ? 'yes' : 'no'})`);
    };

    for (const actor of DEMO_ACTORS) {
      const clip = join(dir, `${actor.seedKey}.mp4`);
      await renderDemoClip(actor, clip);
      const avatar = await current.prepareAvatar(await prepareAvatarMedia(clip, join(dir, actor.seedKey)));
      await videoStrips(actor.seedKey, avatar);
    }

    // An avatar cloned from a clip of a person speaking: 苏晴 driven by the jaw, then cloned.
    const talking = join(dir, 'actor-2-portrait-after.mp4');
    const speakingClip = join(dir, 'speaking-source.mp4');
    await ffmpeg(['-i', talking, '-an', '-c:v', 'copy', speakingClip]);
    const speaking = await current.prepareAvatar(await prepareAvatarMedia(speakingClip, join(dir, 'speaking')));
    await videoStrips('cloned-speaking', speaking);

    // A photo: sample1.jpg's right-hand man, closed lips.
    const still = join(dir, 'photo.jpg');
    await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218,scale=480:854', '-q:v', '2', still]);
    const rgb = await ffmpeg(['-i', still, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    const face = (await detectFaces(rgb, 480, 854, { detector: 'ssd' }))[0]!;
    releaseFaceThread();
    const square = mouthSquare([mouthLandmarksOf(face.landmarks)], 480, 854);
    const rows: string[] = [];
    for (const label of ['before', 'after'] as const) {
      const video = join(dir, `photo-${label}.mp4`);
      await createLocalPhotoEngine({ drive: label === 'before' ? 'flat' : 'current' }).render({ image: still, audioFile: speech, outFile: video });
      rows.push(join(dir, `photo-${label}.png`));
      await strip(video, picks, square, rows.at(-1)!);
    }
    await ffmpeg(['-i', rows[0]!, '-i', rows[1]!, '-filter_complex', 'vstack', join(OUT, 'photo.png')]);
    console.log(join(OUT, 'photo.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
