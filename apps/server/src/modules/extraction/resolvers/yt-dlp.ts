import fsp from 'node:fs/promises';
import path from 'node:path';
import { MediaToolError, runTool } from '../../../platform/media/ffmpeg.js';
import { startGuardProxy } from '../../../platform/security/guard-proxy.js';
import { LinkRefusal, parseWebUrl, resolvePublic } from '../../../platform/security/public-address.js';
import { ResolveError, type LinkResolver, type ResolveRequest, type ResolvedMedia } from './types.js';

export interface YtDlpOptions {
  bin: string;
  /** A Netscape cookies file for sites that need a logged-in visitor; copied per run, never written back. */
  cookiesFile?: string;
}

const MEDIA_EXT = new Set(['mp4', 'm4a', 'mov', 'webm', 'mkv', 'mp3', 'aac', 'ogg', 'opus', 'flv', 'm4v', 'wav']);
const PICTURE_EXT = new Set(['jpg', 'jpeg', 'png', 'webp']);

/** Formats fetched over http(s): direct files, HLS and DASH segments; never rtmp, rtsp or mms. */
const WEB_PROTOCOLS = `[protocol~='^(https?|m3u8_native|http_dash_segments)$']`;

/** The formats wanted, best first, each limited to web protocols. */
function formatsOver(p: string, want: 'video' | 'audio'): string {
  return want === 'video'
    ? `b[ext=mp4]${p}/bv*[ext=mp4]${p}+ba[ext=m4a]${p}/b${p}/bv*${p}+ba${p}`
    : `ba[ext=m4a]${p}/ba${p}/b${p}`;
}

/** What yt-dlp's info file tells us. */
interface Info {
  title?: string;
  id?: string;
  /** Set when the video is an entry of a page with several: the page's own title. */
  playlist_title?: string;
  description?: string;
  duration?: number;
}

/**
 * The system's yt-dlp: its site extractors, and for any other page its generic one (HTML5 <video>,
 * direct media links). Everything it fetches goes through a guard proxy that lets it reach public
 * addresses only, redirects and media hosts included.
 */
export function ytDlpResolver(opts: YtDlpOptions): LinkResolver {
  return {
    name: 'yt-dlp',
    async resolve(req: ResolveRequest): Promise<ResolvedMedia> {
      const url = parseWebUrl(req.link);
      await resolvePublic(url.hostname, req.policy);
      const proxy = await startGuardProxy(req.policy);
      const out = path.join(req.dir, 'media.%(ext)s');
      const args = [
        '--ignore-config',
        '--no-cache-dir',
        '--no-playlist',
        // A page with several videos is a playlist to the generic extractor: the first is the one shared.
        '--playlist-items',
        '1',
        '--no-write-playlist-metafiles',
        '--no-progress',
        '--no-part',
        '--proxy',
        proxy.url,
        '--socket-timeout',
        '30',
        '--retries',
        '2',
        '--hls-prefer-native',
        '--max-filesize',
        String(req.limits.maxBytes),
        '--match-filter',
        `duration <=? ${req.limits.maxSeconds}`,
        '--write-info-json',
        '--write-thumbnail',
        // yt-dlp's own downloader for every format, over http(s) only, so every fetch goes through the guard.
        '--downloader',
        'native',
        '-f',
        formatsOver(WEB_PROTOCOLS, req.want),
        '--merge-output-format',
        'mp4',
        '-o',
        out,
      ];
      if (opts.cookiesFile) {
        const copy = path.join(req.dir, 'cookies.txt');
        await fsp.copyFile(opts.cookiesFile, copy);
        args.push('--cookies', copy);
      }
      args.push('--', url.toString());
      try {
        await runTool(opts.bin, args, { signal: req.signal, timeoutMs: req.limits.timeoutMs });
      } catch (e) {
        if (req.signal.aborted) throw e;
        const stderr = e instanceof MediaToolError ? e.stderr : String(e);
        if (proxy.refusals.length) throw new ResolveError('private', proxy.refusals[0]!.message);
        if (e instanceof MediaToolError && /exited with (SIGKILL|null)/.test(e.message))
          throw new ResolveError('timeout', 'yt-dlp ran out of time');
        throw new ResolveError(/Unsupported URL/i.test(stderr) ? 'unsupported' : 'not-found', stderr.slice(-500));
      } finally {
        await proxy.close();
      }
      const names = await fsp.readdir(req.dir);
      const ext = (n: string) => path.extname(n).slice(1).toLowerCase();
      const media = names.find((n) => n.startsWith('media.') && MEDIA_EXT.has(ext(n)));
      const info = await readInfo(
        names.find((n) => n.endsWith('.info.json')),
        req.dir,
      );
      if (!media) {
        // yt-dlp skips what breaks a cap and still exits 0; its info file says why.
        if (info?.duration && info.duration > req.limits.maxSeconds)
          throw new ResolveError('too-long', String(info.duration));
        if (proxy.refusals.length) throw new ResolveError('private', proxy.refusals[0]!.message);
        throw new ResolveError('too-large', 'yt-dlp wrote no media (larger than the cap or no format)');
      }
      const file = path.join(req.dir, media);
      if ((await fsp.stat(file)).size > req.limits.maxBytes) throw new ResolveError('too-large', media);
      const cover = names.find((n) => n.startsWith('media.') && PICTURE_EXT.has(ext(n)));
      return {
        file,
        desc: titleOf(info),
        coverFile: cover ? path.join(req.dir, cover) : null,
      };
    },
  };
}

/**
 * The title the page gives. The generic extractor numbers the videos of a page with several
 * ("标题 (1)", id "page-1"); the number is ours to drop, not part of what the author wrote.
 */
function titleOf(info: Info | null): string {
  const title = (info?.playlist_title || info?.title || info?.description || '').trim();
  const n = /-(\d+)$/.exec(info?.id ?? '')?.[1];
  return n && title.endsWith(` (${n})`) ? title.slice(0, -` (${n})`.length).trim() : title;
}

async function readInfo(name: string | undefined, dir: string): Promise<Info | null> {
  if (!name) return null;
  try {
    return JSON.parse(await fsp.readFile(path.join(dir, name), 'utf8')) as Info;
  } catch {
    return null;
  }
}

/** A refused link or hop, as the resolvers report it. */
export const asResolveError = (e: unknown): unknown =>
  e instanceof LinkRefusal && e.reason === 'private' ? new ResolveError('private', e.message) : e;
