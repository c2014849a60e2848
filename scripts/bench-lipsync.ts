/**
 * Times the offline talking-face engines, all in one run: 30 s of speech rendered at 720p and at
 * 1080p by the current lip-sync engine (visemes, jaw drive, mouths from the footage) and by the first
 * one (one flat lens shape from the loudness), beside the stream-copy 1.0 render; a 720p photo clip;
 * an avatar whose footage speaks (mouths taken from its own frames); and the preparation of a 60 s
 * 1080p avatar (media + face landmarks + mouth index). Peak RSS is the largest sum of this process and
 * its ffmpeg children seen while each step ran. Goals: render ≤ 0.5 × the speech at 720p, ≤ 1.0 × at
 * 1080p, a 60 s avatar prepared in ≤ 60 s, peak memory < 600 MB. Run: npm run bench:lipsync
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLipsyncEngine, type LipsyncReport } from '../apps/server/src/engines/avatar/local-lipsync.js';
import { createLocalEngine } from '../apps/server/src/engines/avatar/local.js';
import { prepareAvatarMedia } from '../apps/server/src/engines/avatar/prepare.js';
import { createLocalPhotoEngine } from '../apps/server/src/engines/photo/local.js';
import { detectFaces } from '../apps/server/src/engines/talking-face/face-api.js';
import { decodeSpeech, SPEECH_RATE } from '../apps/server/src/engines/talking-face/speech.js';
import { visemeTrack } from '../apps/server/src/engines/talking-face/visemes.js';
import { samplePhoto, speechWithPauses } from '../apps/server/src/engines/talking-face/testing/media.js';
import { ffmpeg, probe } from '../apps/server/src/platform/media/ffmpeg.js';
import { loadText, measure } from './lib/measure.js';

const SPEECH_SECONDS = Number(process.env.BENCH_SPEECH_SECONDS ?? 30);
/** Where the frame strips are written (git ignores it). */
const STRIP_DIR = new URL('../e2e/screenshots/lipsync/', import.meta.url).pathname;

/**
 * Eight frames of a clip side by side, cropped around the face: three with the mouth widest open,
 * three in pauses (closed) and two half open, in time order.
 */
async function frameStrip(clip: string, open: Float32Array, face: { x: number; y: number; size: number }, outFile: string): Promise<number[]> {
  const order = [...open.keys()];
  const spread = (picks: number[]) => picks.filter((i, k) => picks.slice(0, k).every((j) => Math.abs(i - j) > 25));
  const wide = spread(order.sort((a, b) => open[b]! - open[a]!)).slice(0, 3);
  const shut = spread(order.filter((i) => open[i] === 0 && i > 10)).slice(0, 3);
  const mid = spread(order.filter((i) => open[i]! > 0.35 && open[i]! < 0.55)).slice(0, 2);
  const picks = [...wide, ...shut, ...mid].sort((a, b) => a - b);
  const select = picks.map((i) => `eq(n\\,${i})`).join('+');
  await ffmpeg([
    '-i', clip,
    '-vf', `select='${select}',crop=${face.size}:${face.size}:${face.x}:${face.y},scale=240:240,tile=${picks.length}x1`,
    '-frames:v', '1', '-fps_mode', 'passthrough', outFile,
  ]);
  return picks;
}

/** A filmed-looking clip of one face from the package's sample photos, drifting gently. */
async function faceVideo(file: string, size: string, crop: string, seconds: number, photo = 2): Promise<string> {
  await ffmpeg([
    '-loop', '1', '-framerate', '25', '-i', samplePhoto(photo),
    '-vf', `${crop},scale=${size},format=yuv420p`,
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', file,
  ]);
  return file;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-lipsync-'));
  try {
    // 30 s of speech with pauses: the espeak-ng passage looped and cut.
    const passage = await speechWithPauses(join(dir, 'passage.wav'));
    const speech = join(dir, 'speech.wav');
    await ffmpeg(['-stream_loop', '-1', '-i', passage, '-t', String(SPEECH_SECONDS), speech]);
    const seconds = (await probe(speech)).duration;
    let report: LipsyncReport | null = null;
    const current = createLipsyncEngine({ onReport: (r) => void (report = r) });
    const flat = createLipsyncEngine({ drive: 'flat' });

    // 720p landscape avatar (10 s) around the right-hand face of sample2.jpg.
    const drift = (w: number, h: number, x: number, y: number) =>
      `crop=${w}:${h}:x='${x}+12*sin(2*PI*t/6)':y='${y}+8*sin(4*PI*t/6)'`;
    const clip720 = await faceVideo(join(dir, 'a720.mp4'), '1280:720', drift(920, 518, 980, 30), 10);
    const media720 = await prepareAvatarMedia(clip720, join(dir, 'avatar720'));
    const track720 = await measure(() => current.prepareAvatar(media720));
    const avatar720 = track720.value;

    const copy = await measure(() => createLocalEngine().render({ avatar: avatar720, audioFile: speech, outFile: join(dir, 'v1.mp4') }));
    const old720 = await measure(() => flat.render({ avatar: avatar720, audioFile: speech, outFile: join(dir, 'flat720.mp4') }));
    const new720 = await measure(() => current.render({ avatar: avatar720, audioFile: speech, outFile: join(dir, 'v2.mp4') }));
    const drive720 = report!.drive;

    // An avatar whose footage speaks: the 720p render above, cloned; its mouths come from its own frames.
    const speaking = join(dir, 'speaking.mp4');
    await ffmpeg(['-i', join(dir, 'v2.mp4'), '-an', '-c:v', 'copy', speaking]);
    const speakingAvatar = await current.prepareAvatar(await prepareAvatarMedia(speaking, join(dir, 'speaking')));
    const footage720 = await measure(() => current.render({ avatar: speakingAvatar, audioFile: speech, outFile: join(dir, 'footage720.mp4') }));
    const footageReport = report!;

    // A 720p photo of the same face.
    const still = join(dir, 'still.jpg');
    await ffmpeg(['-i', samplePhoto(2), '-vf', 'crop=920:518:980:30,scale=1280:720', '-q:v', '2', still]);
    const photo = await measure(() =>
      createLocalPhotoEngine().render({ image: still, audioFile: speech, outFile: join(dir, 'photo.mp4') }),
    );

    // Preparation of a 60 s 1080p (1080×1920 portrait) avatar: media, then landmarks and the mouth index.
    const clip1080 = await faceVideo(join(dir, 'a1080.mp4'), '1080:1920', drift(560, 996, 1330, 100), 60, 3);
    const media1080 = await measure(() => prepareAvatarMedia(clip1080, join(dir, 'avatar1080')));
    const track1080 = await measure(() => current.prepareAvatar(media1080.value));
    const old1080 = await measure(() => flat.render({ avatar: track1080.value, audioFile: speech, outFile: join(dir, 'flat1080.mp4') }));
    const new1080 = await measure(() => current.render({ avatar: track1080.value, audioFile: speech, outFile: join(dir, 'new1080.mp4') }));
    const drive1080 = report!.drive;

    // Strips of frames for a person to look at.
    await mkdir(STRIP_DIR, { recursive: true });
    const stillRgb = await ffmpeg(['-i', still, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    const box = (await detectFaces(stillRgb, 1280, 720, { detector: 'ssd' }))[0]!.box;
    const size = Math.round(Math.min(700, box.height * 1.5) / 2) * 2;
    const face = {
      x: Math.round(Math.max(0, Math.min(1280 - size, box.x + box.width / 2 - size / 2))),
      y: Math.round(Math.max(0, Math.min(720 - size, box.y + box.height / 2 - size / 2))),
      size,
    };
    const open = visemeTrack(await decodeSpeech(speech), SPEECH_RATE, 25, Math.round(seconds * 25)).open;
    const videoPicks = await frameStrip(join(dir, 'v2.mp4'), open, face, join(STRIP_DIR, 'video-strip.png'));
    const photoPicks = await frameStrip(join(dir, 'photo.mp4'), open, face, join(STRIP_DIR, 'photo-strip.png'));
    console.log(`strips: ${STRIP_DIR}video-strip.png (frames ${videoPicks.join(', ')}), photo-strip.png (frames ${photoPicks.join(', ')})`);

    const ratio = (s: number) => (s / seconds).toFixed(3);
    const rows = [
      ['1.0 stream copy, 720p', copy],
      ['first engine (flat), 720p', old720],
      [`current (${drive720}), 720p`, new720],
      ['current (footage), 720p', footage720],
      ['photo, 720p', photo],
      ['first engine (flat), 1080p', old1080],
      [`current (${drive1080}), 1080p`, new1080],
    ] as const;
    console.log(`machine: ${cpus().length} cores, ${loadText()} (1 / 5 / 15 min)`);
    console.log(`speech: ${seconds.toFixed(2)} s; render seconds / output seconds:`);
    for (const [name, m] of rows)
      console.log(
        `${name.padEnd(30)} ${m.seconds.toFixed(2).padStart(7)} s  ×${ratio(m.seconds)}  CPU ${m.cpu.toFixed(1)} s (×${ratio(m.cpu / cpus().length)} on idle cores)  peak RSS ${m.peakMb.toFixed(0)} MB  ${m.load}`,
      );
    console.log(
      `footage mouths: ${footageReport.footageOpenFrames} of ${footageReport.openFrames} open frames from source frames ` +
        `(${((100 * footageReport.footageOpenFrames) / Math.max(1, footageReport.openFrames)).toFixed(1)} %)`,
    );
    console.log(`current ÷ first engine: 720p ${(new720.seconds / old720.seconds).toFixed(2)}×, 1080p ${(new1080.seconds / old1080.seconds).toFixed(2)}×`);
    console.log(`720p 10 s avatar landmarks: ${track720.seconds.toFixed(2)} s (CPU ${track720.cpu.toFixed(1)} s, ${track720.load})`);
    const prepared = media1080.seconds + track1080.seconds;
    console.log(
      `60 s 1080p avatar preparation: media ${media1080.seconds.toFixed(2)} s + landmarks and mouth index ${track1080.seconds.toFixed(2)} s = ` +
        `${prepared.toFixed(2)} s (CPU ${media1080.cpu.toFixed(1)} s + ${track1080.cpu.toFixed(1)} s; ` +
        `peak RSS ${media1080.peakMb.toFixed(0)} MB + ${track1080.peakMb.toFixed(0)} MB; ${track1080.load})`,
    );
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const peak = Math.max(...rows.map(([, m]) => m.peakMb), media1080.peakMb, track1080.peakMb);
    const worst720 = Math.max(new720.seconds, footage720.seconds, photo.seconds) / seconds;
    console.log(`${verdict(worst720 <= 0.5)} 720p render ≤ 0.5 × output (current engine, slowest of jaw, footage, photo: ×${worst720.toFixed(3)})`);
    console.log(`${verdict(new1080.seconds / seconds <= 1)} 1080p render ≤ 1.0 × output (×${ratio(new1080.seconds)})`);
    console.log(`${verdict(prepared <= 60)} 60 s 1080p avatar prepared in ≤ 60 s (${prepared.toFixed(1)} s)`);
    console.log(`${verdict(peak < 600)} peak RSS < 600 MB (${peak.toFixed(0)} MB)`);
    console.log(`verdicts at ${loadText()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
