import fs from 'node:fs';
import path from 'node:path';
import { startLoopbackFake, type FakeHandler, type FakeReply } from '../../../../test/loopback-fake.js';
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
  const html = (body: string): FakeReply => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });
  const video =
    (file: string): FakeHandler =>
    (_req, _index, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    };
  const routes: Record<string, FakeHandler> = {
    '/share/video.html': () => html(page(PAGE_TITLE, '/media/clip.mp4')),
    '/share/silent.html': () => html(page('没有声音的视频', '/media/silent.mp4')),
    '/share/playlist.html': () => html(page('伪装成视频的播放列表', '/media/playlist.mp4')),
    '/share/empty.html': () =>
      html('<!doctype html><html><head><title>空页面</title></head><body>这里没有视频</body></html>'),
    '/media/clip.mp4': video(media.clip),
    '/media/silent.mp4': video(media.silent),
  };
  if (opts.redirectTo) {
    // An "mp4" that is an HLS playlist whose segment lives on another address.
    routes['/media/playlist.mp4'] = () => ({
      headers: { 'content-type': 'video/mp4' },
      body: `#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n${opts.redirectTo}\n#EXT-X-ENDLIST\n`,
    });
    routes['/share/moved'] = () => ({ status: 302, headers: { location: opts.redirectTo! } });
  }
  if (media.cover) {
    const cover = media.cover;
    routes['/media/cover.jpg'] = (_req, _index, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      fs.createReadStream(cover).pipe(res);
    };
  }
  const server = await startLoopbackFake({ host: opts.host ?? '127.0.0.2', routes });
  return {
    url: server.url,
    get hits() {
      return server.requests.map((r) => r.path);
    },
    close: server.close,
  };
}
