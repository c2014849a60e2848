/**
 * Upload benchmark: a 500 MB video goes through the local store's upload host over real HTTP (a client
 * streams it from disk in a multipart form, as a browser would) and is registered with /api/upload/complete; the same
 * file is then copied with `cp`. Prints the throughput ratio (goal >= 0.5) and the server's peak RSS
 * growth while it received and registered the file (goal < 64 MB).
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { completeUpload, signUpload, type Envelope, type RegisteredFile, type UploadSignature } from '@app/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { issueToken } from '../apps/server/src/platform/auth/tokens.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { ffmpeg } from '../apps/server/src/platform/media/ffmpeg.js';
import { signedParams } from '../apps/server/test/helper.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 500) * MB;

/** A real mp4 (index first) padded with a `free` box up to SIZE: ffprobe reads it as the 6 s clip it is. */
async function makeVideo(dir: string): Promise<string> {
  const clip = path.join(dir, 'clip.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=25',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    clip,
  ]);
  const file = path.join(dir, 'big.mp4');
  const head = fs.readFileSync(clip);
  const pad = SIZE - head.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(pad, 0);
  box.write('free', 4, 'latin1');
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, head);
  fs.writeSync(out, box);
  const chunk = Buffer.alloc(8 * MB, 0x5a);
  for (let left = pad - 8; left > 0; left -= chunk.length) fs.writeSync(out, chunk, 0, Math.min(chunk.length, left));
  fs.closeSync(out);
  return file;
}

/**
 * Streams a multipart form with the file read from disk in 1 MB pieces, as a browser sends it; runs in
 * its own process so the server's memory figure is the server's alone.
 */
const CLIENT = `
import fs from 'node:fs';
const [url, fieldsJson, file] = process.argv.slice(1);
const fields = JSON.parse(fieldsJson);
const boundary = '----bench' + Date.now();
const head = Buffer.from(Object.entries(fields).map(([k, v]) => '--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + k + '"\\r\\n\\r\\n' + v + '\\r\\n').join('')
  + '--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="big.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const req = http.request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + fs.statSync(file).size + tail.length } }, (res) => {
  res.resume();
  res.on('end', () => process.stdout.write(String(res.statusCode)));
});
req.write(head);
const body = fs.createReadStream(file, { highWaterMark: 1 << 20 });
body.on('end', () => req.end(tail));
body.pipe(req, { end: false });
`;

async function postForm(url: string, fields: Record<string, string>, file: string): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    url,
    JSON.stringify(fields),
    file,
  ]);
  return Number(stdout.trim());
}

/** Reads the file once so both runs start from a warm page cache; cat's output is thrown away, not read in. */
function warmPageCache(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cat = spawn('cat', [file], { stdio: ['ignore', 'ignore', 'inherit'] });
    cat.once('error', reject);
    cat.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cat exited with ${code}`))));
  });
}

/** A full collection before the baseline, so garbage of the set-up does not hide in it. */
function collectGarbage(): void {
  if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc (npm run bench:upload does)');
  global.gc();
}

async function timedCopy(file: string, to: string): Promise<number> {
  const start = performance.now();
  await run('cp', [file, to]);
  const seconds = (performance.now() - start) / 1000;
  fs.rmSync(to);
  return seconds;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    const file = await makeVideo(dir);
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      // Only the API: no render workers or demo content competing with the upload for the CPU.
      ROLE: 'api',
      SEED_DEMO_ACTORS: '0',
    });
    const { app, ctx } = await buildApp(config);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const [user] = await ctx.database.db.insert(users).values({ username: 'bench_upload' }).returning({ id: users.id });
    const token = await issueToken(ctx.database.db, user!.id);
    const call = async <T>(method: 'GET' | 'POST', p: string, params: Record<string, string>): Promise<Envelope<T>> => {
      const qs = new URLSearchParams(signedParams(params, config.SIGN_SECRET)).toString();
      const res = await fetch(method === 'GET' ? `${address}${p}?${qs}` : `${address}${p}`, {
        method,
        headers: {
          'x-token': token,
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: method === 'POST' ? qs : undefined,
      });
      return (await res.json()) as Envelope<T>;
    };

    const cpBefore = await timedCopy(file, path.join(dir, 'copy.mp4'));
    await warmPageCache(file);
    collectGarbage();
    // RSS can reuse pages the set-up freed, so the memory JavaScript holds (heap and buffers) is
    // sampled too: a file buffered whole would show in it whatever RSS does.
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = process.memoryUsage().rss;
    const heldBaseline = held();
    let peak = baseline;
    let heldPeak = heldBaseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      heldPeak = Math.max(heldPeak, held());
    }, 20);

    const started = performance.now();
    const s = (await call<UploadSignature>('GET', signUpload.path, { file_type: 'video' })).data;
    const key = `${s.dir}${Date.now()}bench.mp4`;
    const status = await postForm(`${address}${s.host}`, { key, ...s.fields }, file);
    if (status !== 200) throw new Error(`upload answered HTTP ${status}`);
    const uploaded = performance.now();
    const reg = await call<RegisteredFile>('POST', completeUpload.path, {
      file_type: 'video',
      url: `${s.host}/${key}`,
    });
    if (reg.code !== 0) throw new Error(`register refused: ${reg.msg}`);
    const registered = performance.now();
    clearInterval(sampler);

    // cp before and after the upload, averaged: the disk's speed drifts as its cache fills.
    const cpSeconds = (cpBefore + (await timedCopy(file, path.join(dir, 'copy.mp4')))) / 2;
    const total = (registered - started) / 1000;
    const rate = (seconds: number) => `${(SIZE / MB / seconds).toFixed(0)} MB/s`;
    console.log(
      `file: ${(SIZE / MB).toFixed(0)} MB (registered as ${reg.data.duration.toFixed(1)} s, ${reg.data.width}x${reg.data.height})`,
    );
    console.log(
      `upload over HTTP: ${((uploaded - started) / 1000).toFixed(2)} s; register (probe + sha256): ${((registered - uploaded) / 1000).toFixed(2)} s`,
    );
    console.log(`upload + register: ${total.toFixed(2)} s (${rate(total)})`);
    console.log(`cp: ${cpSeconds.toFixed(2)} s (${rate(cpSeconds)})`);
    const ratio = cpSeconds / total;
    const growth = (peak - baseline) / MB;
    console.log(`throughput ratio (upload+register / cp): ${ratio.toFixed(2)}  (goal >= 0.5)`);
    const heldGrowth = (heldPeak - heldBaseline) / MB;
    console.log(`server peak RSS growth: ${growth.toFixed(1)} MB  (goal < 64 MB)`);
    console.log(`server peak growth of JS heap + buffers: ${heldGrowth.toFixed(1)} MB`);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(`${verdict(ratio >= 0.5)} throughput ratio ${ratio.toFixed(2)} >= 0.5`);
    console.log(`${verdict(growth < 64)} peak RSS growth ${growth.toFixed(1)} MB < 64 MB`);
    console.log(`${verdict(heldGrowth < 64)} peak heap + buffers growth ${heldGrowth.toFixed(1)} MB < 64 MB`);
    await app.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
