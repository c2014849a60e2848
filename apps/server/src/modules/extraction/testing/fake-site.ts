import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { ffmpeg } from '../../../platform/media/ffmpeg.js';

/**
 * A web page on a loopback address for the extraction tests: an HTML page with a <video> element
 * and a direct link to an mp4 that ffmpeg made (what yt-dlp's generic extractor reads), a page
 * whose video has no sound, a page with no video at all, and a redirect to another address.
 */
export interface FakeSite {
  /** Base URL, e.g. http://127.0.0.2:41234 */
  url: string;
  /** Requests seen, by path. */
  hits: string[];
  close(): Promise<void>;
}

export const PAGE_TITLE = '春日樱花下的街头舞蹈表演完整版视频';

export async function makeSiteMedia(dir: string): Promise<{ clip: string; silent: string; cover: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const clip = path.join(dir, 'clip.mp4');
  const silent = path.join(dir, 'silent.mp4');
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x240:r=25',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:sample_rate=44100',
    '-t',
    '6',
    ...x264,
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    clip,
  ]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25', '-t', '6', ...x264, '-movflags', '+faststart', silent]);
  const cover = path.join(dir, 'cover.jpg');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=360x640', '-frames:v', '1', cover]);
  return { clip, silent, cover };
}

const page = (title: string, video: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
  `<h1>${title}</h1><video controls src="${video}"></video><p><a href="${video}">下载视频</a></p></body></html>`;

export async function startFakeSite(
  media: { clip: string; silent: string; cover?: string },
  opts: { host?: string; redirectTo?: string } = {},
): Promise<FakeSite> {
  const hits: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(p);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (p === '/share/video.html') return html(page(PAGE_TITLE, '/media/clip.mp4'));
    if (p === '/share/silent.html') return html(page('没有声音的视频', '/media/silent.mp4'));
    if (p === '/share/playlist.html') return html(page('伪装成视频的播放列表', '/media/playlist.mp4'));
    // An "mp4" that is an HLS playlist whose segment lives on another address.
    if (p === '/media/playlist.mp4' && opts.redirectTo) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return void res.end(`#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n${opts.redirectTo}\n#EXT-X-ENDLIST\n`);
    }
    if (p === '/share/empty.html')
      return html('<!doctype html><html><head><title>空页面</title></head><body>这里没有视频</body></html>');
    if (p === '/share/moved' && opts.redirectTo) return res.writeHead(302, { location: opts.redirectTo }).end();
    if (p === '/media/cover.jpg' && media.cover) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return void fs.createReadStream(media.cover).pipe(res);
    }
    if (p === '/media/clip.mp4' || p === '/media/silent.mp4') {
      const file = p.endsWith('clip.mp4') ? media.clip : media.silent;
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(file).size });
      return void fs.createReadStream(file).pipe(res);
    }
    res.writeHead(404).end();
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? '127.0.0.2', resolve));
  const { address, port } = server.address() as net.AddressInfo;
  return {
    url: `http://${address}:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
