/**
 * The live player in headless Chromium: the browser half of the live digital human (实时互动数字人).
 *
 * Makes a demo-actor-like presenter at 720×1280 (a photo-like clip, so its mouths come from the jaw
 * warp, as for the demo actors), prepares it and builds its live assets as the server does, then
 * plays it with the player component (bundled on its own, with the assets served from a loopback
 * server) and feeds it one sentence: a tone whose visemes alternate open and closed every 200 ms.
 * It checks and prints what a person would notice:
 *  - the mouth differs from the footage's own while the sentence sounds, in step with the visemes
 *    (lips within ±40 ms of the sound: each 40 ms sample's mouth matches the viseme of its audio time);
 *  - the mouth is the footage's own again within 300 ms of the sentence's end, and of stop();
 *  - the main thread's busy time per second of playback (Chromium's TaskDuration) ≤ 300 ms/s, and the
 *    player's own drawing time.
 * Screenshots of the canvas with the mouth open and closed are written to BENCH_LIVE_SHOTS (default a
 * temporary folder, printed). Exits non-zero when a check fails.
 */
import { createReadStream, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID } from '../apps/server/src/engines/avatar/local-lipsync.js';
import { prepareAvatarMedia } from '../apps/server/src/engines/avatar/prepare.js';
import { buildLiveAtlas } from '../apps/server/src/engines/talking-face/live-atlas.js';
import { unpackIndex } from '../apps/server/src/engines/talking-face/mouth-bank.js';
import { actorClip, CLOSED_ACTOR } from '../apps/server/src/engines/talking-face/testing/media.js';
import { unpackTrack } from '../apps/server/src/engines/talking-face/track.js';
import { freePort } from '../e2e/support/ports.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FPS = 25;
/** Visemes: open for 5 frames, closed for 5, over the sentence. */
const SENTENCE_SECONDS = 4;
const GOALS = { mainMsPerS: 300, settleMs: 300, inStep: 0.85 };

/** A 16-bit mono WAV: a voiced buzz while the visemes are open, silence between. */
function wav(seconds: number, openAt: (frame: number) => boolean): Buffer {
  const rate = 16000;
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(n * 2, 40);
  for (let k = 0; k < n; k++) {
    const t = k / rate;
    const v = openAt(Math.floor(t * FPS))
      ? 0.3 * Math.sin(2 * Math.PI * 180 * t) + 0.1 * Math.sin(2 * Math.PI * 720 * t)
      : 0;
    out.writeInt16LE(Math.round(v * 32767), 44 + k * 2);
  }
  return out;
}

const openAt = (frame: number) => Math.floor(frame / 5) % 2 === 1;

function chunkOf(seconds: number, index: number) {
  const frames = Math.round(seconds * FPS);
  const visemes = Buffer.alloc(frames * 5);
  for (let f = 0; f < frames; f++) {
    const open = openAt(f);
    visemes[f * 5] = open ? 230 : 0;
    visemes[f * 5 + 1] = open ? 200 : 0;
    visemes[f * 5 + 4] = open ? 0 : 255;
  }
  return {
    index,
    mime: 'audio/wav',
    audio: wav(seconds, openAt).toString('base64'),
    duration_ms: Math.round(seconds * 1000),
    fps: FPS,
    visemes: visemes.toString('base64'),
  };
}

/** The page: the player filling a 720×1280 stage, its handle on window for the bench. */
const ENTRY = `
import { createRoot } from 'react-dom/client';
import { createRef } from 'react';
import { LiveRenderer } from ${JSON.stringify(path.join(repoRoot, 'apps/web/src/features/live/player/LiveRenderer.tsx'))};
const handle = createRef();
window.__live = handle;
const load = () => fetch('/assets.json').then((r) => r.json());
createRoot(document.getElementById('root')).render(
  <LiveRenderer ref={handle} avatarId={1} loadAssets={load} loadError={() => 'failed'} onReady={() => { window.__liveReady = true; }} />,
);
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.mp4': 'video/mp4',
  '.png': 'image/png',
};

/** Static files with byte ranges (the video element asks for them). */
function serve(dir: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    const file = path.join(dir, name);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const range = /bytes=(\d*)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : 0;
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
        'accept-ranges': 'bytes',
      });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'content-length': size, 'accept-ranges': 'bytes' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * In the page, on every animation frame while `window.__rec.on`: how far the picture in the mouth box
 * (the video with the player's canvas over it) is from the video's own frame (mean absolute RGB
 * difference, 0..255), with the audio's time (-1 when silent).
 */
const AUDIO = `document.querySelector('[data-testid="live-audio"]')`;

const RECORDER = `(() => {
  const rec = (window.__rec = { on: true, samples: [] });
  const canvas = document.querySelector('[data-testid="live-canvas"]');
  const video = document.querySelector('video');
  const audio = document.querySelector('[data-testid="live-audio"]');
  const A = document.createElement('canvas');
  const B = document.createElement('canvas');
  const a = A.getContext('2d', { willReadFrequently: true });
  const b = B.getContext('2d', { willReadFrequently: true });
  const tick = () => {
    if (!rec.on) return;
    requestAnimationFrame(tick);
    const box = (canvas.dataset.mouthBox || '').split(',').map(Number);
    if (box.length !== 4) return;
    const [x, y, w, h] = box;
    if (A.width !== w || A.height !== h) { A.width = B.width = w; A.height = B.height = h; }
    a.drawImage(video, x, y, w, h, 0, 0, w, h);
    b.clearRect(0, 0, w, h);
    b.drawImage(A, 0, 0);
    b.drawImage(canvas, x, y, w, h, 0, 0, w, h);
    const p = a.getImageData(0, 0, w, h).data;
    const q = b.getImageData(0, 0, w, h).data;
    let sum = 0;
    for (let i = 0; i < p.length; i += 4) sum += Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]);
    rec.samples.push({ at: performance.now(), t: audio.paused ? -1 : audio.currentTime, diff: sum / (p.length / 4) / 3 });
  };
  requestAnimationFrame(tick);
})()`;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-live-web-'));
  const shots = process.env.BENCH_LIVE_SHOTS ?? path.join(dir, 'shots');
  await mkdir(shots, { recursive: true });
  const site = path.join(dir, 'site');
  await mkdir(site);
  let server: Server | null = null;
  // Debian's Chromium, kept off the network; sound may start without a click (no one clicks here).
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const failures: string[] = [];
  try {
    // The presenter and its live assets, as the server makes them.
    const clip = await actorClip(path.join(dir, 'actor.mp4'), CLOSED_ACTOR, 6);
    const engine = createLipsyncEngine();
    const avatar = await engine.prepareAvatar(await prepareAvatarMedia(clip, path.join(dir, 'avatar')));
    const d = avatar.engineData[LIPSYNC_ENGINE_ID]!;
    const track = unpackTrack(String(d.track), Number(d.every), avatar.frameCount, Number(d.faces));
    const built = await buildLiveAtlas(avatar, track, unpackIndex(String(d.mouths), track.every), site);
    const { meta } = built;
    await writeFile(
      path.join(site, 'assets.json'),
      JSON.stringify({ loop: '/live-loop.mp4', atlas: '/live-atlas.png', meta }),
    );
    await build({
      stdin: { contents: ENTRY, loader: 'tsx', resolveDir: repoRoot },
      bundle: true,
      minify: true,
      format: 'esm',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      outfile: path.join(site, 'app.js'),
      logLevel: 'error',
    });
    await writeFile(
      path.join(site, 'index.html'),
      `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#000"><div id="root" style="width:${meta.loop.width}px;height:${meta.loop.height}px"></div><script type="module" src="/app.js"></script>`,
    );
    const port = await freePort();
    server = await serve(site, port);

    const page = await browser.newPage({ viewport: { width: meta.loop.width, height: meta.loop.height } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('window.__liveReady === true', null, { timeout: 60_000 });
    await page.waitForTimeout(500);
    const root = page.locator('#root');
    console.log(
      `live assets: loop ${meta.loop.width}×${meta.loop.height}, ${meta.loop.frames} frames; ${meta.sprites.length} sprites (${meta.source}); atlas ${meta.atlas.width}×${meta.atlas.height}`,
    );

    type Sample = { diff: number; t: number; at: number };
    // Page code is written as strings: the scripts are type-checked without the DOM.
    const speak = (index: number) =>
      page.evaluate(`window.__live.current.speak(${JSON.stringify(chunkOf(SENTENCE_SECONDS, index))})`);
    const record = async (ms: number, during?: () => Promise<void>): Promise<Sample[]> => {
      await page.evaluate(RECORDER);
      await (during ? during() : page.waitForTimeout(ms));
      return page.evaluate<Sample[]>('(() => { window.__rec.on = false; return window.__rec.samples; })()');
    };
    const untilSilent = () => page.waitForFunction(`${AUDIO}.paused`, null, { timeout: 30_000, polling: 20 });
    const idle = await record(600);
    const idleDiff = Math.max(0, ...idle.map((s) => s.diff));
    await root.screenshot({ path: path.join(shots, 'idle.png') });

    // One sentence recorded: the mouth against the visemes of the audio's time, and after its end.
    await speak(0);
    const speaking = await record(0, async () => {
      await page.waitForFunction(`!${AUDIO}.paused`, null, { timeout: 10_000, polling: 10 });
      await untilSilent();
      await page.waitForTimeout(600);
    });
    // In step: samples ≥ 40 ms from a change of viseme show the mouth the viseme asks for.
    const gate = idleDiff + 3;
    const judged = speaking.filter((s) => s.t > 0 && Math.abs(((s.t * FPS) % 5) - 2.5) < 1.5);
    const right = judged.filter((s) => s.diff > gate === openAt(Math.floor(s.t * FPS))).length;
    const inStep = judged.length ? right / judged.length : 0;
    const openDiff = judged.filter((s) => openAt(Math.floor(s.t * FPS))).map((s) => s.diff);
    // The sentence's end: the first sample past its last viseme frame, or silent after it had sounded.
    const firstSounding = speaking.findIndex((s) => s.t >= 0);
    const end = speaking.find((s, k) => k > firstSounding && (s.t < 0 || s.t * FPS >= SENTENCE_SECONDS * FPS));
    const settled = end && speaking.find((s) => s.at >= end.at && s.diff <= gate);
    const settleMs = end && settled ? Math.round(settled.at - end.at) : Infinity;

    // Main-thread time over a sentence, nothing else running in the page.
    const task = (m: { metrics: { name: string; value: number }[] }) =>
      m.metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0;
    const stats = () => page.evaluate<{ frames: number; drawMs: number }>('({ ...window.__livePlayerStats })');
    const before = { m: task(await cdp.send('Performance.getMetrics')), s: await stats(), at: Date.now() };
    await speak(1);
    await page.waitForTimeout(300);
    await untilSilent();
    const elapsed = (Date.now() - before.at) / 1000;
    const after = { m: task(await cdp.send('Performance.getMetrics')), s: await stats() };
    const mainMsPerS = ((after.m - before.m) * 1000) / elapsed;
    const drawMsPerS = (after.s.drawMs - before.s.drawMs) / elapsed;
    const framesPerS = (after.s.frames - before.s.frames) / elapsed;

    // Screenshots in the middle of an open and of a closed phase.
    await speak(2);
    const phase = (open: boolean) =>
      page.waitForFunction(
        `(() => { const a = ${AUDIO}; const f = a.currentTime * 25; return !a.paused && f > 5 && Math.floor(f / 5) % 2 === ${open ? 1 : 0} && f % 5 > 1 && f % 5 < 2; })()`,
        null,
        { timeout: 10_000, polling: 5 },
      );
    await phase(true);
    await root.screenshot({ path: path.join(shots, 'open.png') });
    await phase(false);
    await root.screenshot({ path: path.join(shots, 'closed.png') });
    await untilSilent();

    // stop() in the middle of an open phase: the mouth is the footage's own again at once.
    await speak(3);
    let stopAt = 0;
    const stopping = await record(0, async () => {
      await phase(true);
      stopAt = await page.evaluate<number>('(() => { window.__live.current.stop(); return performance.now(); })()');
      await page.waitForTimeout(600);
    });
    const closedAgain = stopping.find((s) => s.at > stopAt && s.diff <= gate);
    const stopMs = closedAgain ? Math.round(closedAgain.at - stopAt) : Infinity;
    const stillSpeaking = await page.evaluate<boolean>('window.__live.current.speaking()');

    console.log(
      `mouth vs footage: idle ≤ ${idleDiff.toFixed(1)}, open phases median ${median(openDiff).toFixed(1)} (gate ${gate.toFixed(1)})`,
    );
    console.log(
      `in step with the sound: ${(inStep * 100).toFixed(0)} % of ${judged.length} samples (goal ≥ ${GOALS.inStep * 100} %)`,
    );
    console.log(
      `mouth closed after the sentence's end: ${settleMs} ms; after stop(): ${stopMs} ms (goal ≤ ${GOALS.settleMs} ms)`,
    );
    console.log(
      `main thread: ${mainMsPerS.toFixed(0)} ms per second of playback (goal ≤ ${GOALS.mainMsPerS}); player drawing ${drawMsPerS.toFixed(1)} ms/s over ${framesPerS.toFixed(1)} draws/s`,
    );
    console.log(`screenshots: ${shots} (idle.png, open.png, closed.png)`);
    if (inStep < GOALS.inStep) failures.push('lips out of step with the sound');
    if (!(median(openDiff) > gate)) failures.push('no mouth drawn while speaking');
    if (settleMs > GOALS.settleMs) failures.push('lips still moving after the end');
    if (stopMs > GOALS.settleMs || stillSpeaking) failures.push('lips still moving after stop()');
    if (mainMsPerS > GOALS.mainMsPerS) failures.push('main thread too busy');
  } finally {
    await browser.close();
    server?.close();
    if (process.env.BENCH_LIVE_KEEP !== '1') await rm(path.join(dir, 'avatar'), { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

await main();
