import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ytDlpResolver } from './yt-dlp.js';
import type { ResolveRequest } from './types.js';

/**
 * How the server runs yt-dlp: the arguments it passes and how it reads what yt-dlp leaves behind,
 * checked with a stand-in program that records its arguments and writes what yt-dlp would.
 * (The real yt-dlp is exercised end to end in extraction.db.test.ts.)
 */
let dir: string;
let bin: string;
let cookies: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yt-dlp-args-'));
  bin = path.join(dir, 'fake-yt-dlp');
  // Writes its arguments, then media or only an info file, as the MODE file says.
  fs.writeFileSync(
    bin,
    `#!/bin/sh
out=""; prev=""
for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
folder=$(dirname "$out")
printf '%s\\n' "$@" > "$folder/args.txt"
if [ -f "$folder/cookies.txt" ]; then echo "# written back by the tool" >> "$folder/cookies.txt"; fi
case "$(cat ${dir}/MODE)" in
  ok) printf 'not really a video' > "$folder/media.mp4"; printf '{"id":"abc","title":"标题 (2)","duration":12}' > "$folder/media.info.json" ;;
  numbered) printf 'x' > "$folder/media.mp4"; printf '{"id":"page-2","title":"页面标题 (2)"}' > "$folder/media.info.json" ;;
  long) printf '{"id":"abc","title":"很长","duration":99999}' > "$folder/media.info.json" ;;
  unsupported) echo "ERROR: Unsupported URL: x" >&2; exit 1 ;;
esac
`,
    { mode: 0o755 },
  );
  cookies = path.join(dir, 'douyin-cookies.txt');
  fs.writeFileSync(cookies, '# Netscape HTTP Cookie File\n.douyin.com\tTRUE\t/\tFALSE\t0\tsid\tsecret\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function request(name: string, want: 'video' | 'audio' = 'video'): ResolveRequest {
  const out = path.join(dir, name);
  fs.mkdirSync(out);
  return {
    link: 'https://93.184.215.14/video/1',
    want,
    dir: out,
    signal: new AbortController().signal,
    limits: { maxBytes: 1234567, maxSeconds: 600, timeoutMs: 30_000 },
    policy: {},
  };
}
const mode = (m: string) => fs.writeFileSync(path.join(dir, 'MODE'), m);

describe('yt-dlp resolver', () => {
  it('runs yt-dlp behind the guard proxy with the caps, a copy of the cookies, and web protocols only', async () => {
    mode('ok');
    const req = request('ok');
    const got = await ytDlpResolver({ bin, cookiesFile: cookies }).resolve(req);
    const args = fs.readFileSync(path.join(req.dir, 'args.txt'), 'utf8').trim().split('\n');
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('--proxy')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(after('--max-filesize')).toBe('1234567');
    expect(after('--match-filter')).toBe('duration <=? 600');
    expect(after('--downloader')).toBe('native');
    expect(after('-f')).toContain("[protocol~='^(https?|m3u8_native|http_dash_segments)$']");
    expect(args).toEqual(expect.arrayContaining(['--ignore-config', '--no-playlist', '--write-info-json']));
    expect(after('--cookies')).toBe(path.join(req.dir, 'cookies.txt'));
    expect(args.at(-2)).toBe('--');
    expect(args.at(-1)).toBe('https://93.184.215.14/video/1');
    // The operator's file is never written back.
    expect(fs.readFileSync(cookies, 'utf8')).not.toContain('written back');
    expect(got).toMatchObject({ file: path.join(req.dir, 'media.mp4'), desc: '标题 (2)', coverFile: null });
  });

  it('asks for audio formats for audio extraction', async () => {
    mode('ok');
    const req = request('audio', 'audio');
    await ytDlpResolver({ bin }).resolve(req);
    const args = fs.readFileSync(path.join(req.dir, 'args.txt'), 'utf8').trim().split('\n');
    expect(args[args.indexOf('-f') + 1]).toMatch(/^ba\[ext=m4a\]/);
    expect(args).not.toContain('--cookies');
  });

  it('drops the number the generic extractor gives the videos of a page', async () => {
    mode('numbered');
    expect((await ytDlpResolver({ bin }).resolve(request('numbered'))).desc).toBe('页面标题');
  });

  it('says why nothing came: too long, or a link it cannot read', async () => {
    mode('long');
    await expect(ytDlpResolver({ bin }).resolve(request('long'))).rejects.toMatchObject({ failure: 'too-long' });
    mode('unsupported');
    await expect(ytDlpResolver({ bin }).resolve(request('unsupported'))).rejects.toMatchObject({
      failure: 'unsupported',
    });
  });

  it('refuses a private link before running anything', async () => {
    mode('ok');
    const req = { ...request('private'), link: 'http://10.0.0.8/v' };
    await expect(ytDlpResolver({ bin }).resolve(req)).rejects.toMatchObject({ reason: 'private' });
    expect(fs.existsSync(path.join(req.dir, 'args.txt'))).toBe(false);
  });
});
