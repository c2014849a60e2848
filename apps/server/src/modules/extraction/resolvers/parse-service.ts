import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { guardedGet, LinkRefusal, parseWebUrl, resolvePublic } from '../../../platform/security/public-address.js';
import { ResolveError, type LinkResolver, type ResolveRequest, type ResolvedMedia } from './types.js';

/**
 * A parse service in the shape of the open-source Douyin_TikTok_Download_API
 * (app/api/endpoints/hybrid_parsing.py, crawlers/hybrid/hybrid_crawler.py), run by the operator:
 * `GET {base}/api/hybrid/video_data?url=<share link or share text>&minimal=true` answers
 * `{ code: 200, router, data: { type: 'video' | 'image', platform, desc, cover_data: { cover, origin_cover },
 * video_data: { nwm_video_url_HQ, nwm_video_url, wm_video_url… } } }` and 400 when it cannot parse the link.
 * The service itself is the operator's (it may live on their own network); the media and cover
 * addresses it hands back are the site's and are fetched only when public, hop by hop.
 */
const picture = z.union([z.string(), z.object({ url_list: z.array(z.string()).optional() }).loose()]).nullish();
const reply = z
  .object({
    code: z.number().optional(),
    data: z
      .object({
        type: z.string().optional(),
        desc: z.string().nullish(),
        cover_data: z.object({ cover: picture, origin_cover: picture }).loose().nullish(),
        video_data: z
          .object({ nwm_video_url_HQ: z.string().nullish(), nwm_video_url: z.string().nullish() })
          .loose()
          .nullish(),
      })
      .loose(),
  })
  .loose();

const firstUrl = (p: z.infer<typeof picture>): string | null =>
  typeof p === 'string' ? p || null : (p?.url_list?.find(Boolean) ?? null);

export interface ParseServiceOptions {
  baseUrl: string;
}

export function parseServiceResolver(opts: ParseServiceOptions): LinkResolver {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    name: 'parse-service',
    async resolve(req: ResolveRequest): Promise<ResolvedMedia> {
      const link = parseWebUrl(req.link);
      // The link itself must be public too, although the service is the one fetching it.
      await resolvePublic(link.hostname, req.policy);
      const api = `${base}/api/hybrid/video_data?${new URLSearchParams({ url: req.link, minimal: 'true' }).toString()}`;
      const signal = AbortSignal.any([req.signal, AbortSignal.timeout(Math.min(req.limits.timeoutMs, 60_000))]);
      let body: unknown;
      try {
        const res = await fetch(api, { signal, headers: { accept: 'application/json' } });
        if (!res.ok)
          throw new ResolveError(res.status === 400 ? 'unsupported' : 'not-found', `parse service ${res.status}`);
        body = await res.json();
      } catch (e) {
        if (req.signal.aborted || e instanceof ResolveError) throw e;
        throw new ResolveError('not-found', `parse service: ${String(e)}`);
      }
      const parsed = reply.safeParse(body);
      if (!parsed.success) throw new ResolveError('not-found', 'parse service answered an unknown shape');
      const data = parsed.data.data;
      const mediaUrl = data.video_data?.nwm_video_url_HQ || data.video_data?.nwm_video_url;
      if (data.type === 'image' || !mediaUrl) throw new ResolveError('not-found', 'the post has no video');
      const file = path.join(req.dir, 'media.mp4');
      await download(mediaUrl, file, req, req.limits.maxBytes);
      const coverUrl = firstUrl(data.cover_data?.origin_cover) ?? firstUrl(data.cover_data?.cover);
      let coverFile: string | null = null;
      if (coverUrl) {
        coverFile = path.join(req.dir, 'cover.img');
        // A missing cover is not worth failing the extraction over; the video's own frame stands in.
        await download(coverUrl, coverFile, req, 10 * 1024 * 1024).catch(() => (coverFile = null));
      }
      return { file, desc: (data.desc ?? '').trim(), coverFile };
    },
  };
}

/** Streams a public URL into `file`, refusing more than `maxBytes`. */
async function download(url: string, file: string, req: ResolveRequest, maxBytes: number): Promise<void> {
  let res;
  try {
    res = await guardedGet(url, { ...req.policy, signal: req.signal, timeoutMs: 30_000 });
  } catch (e) {
    if (e instanceof LinkRefusal) throw new ResolveError(e.reason === 'private' ? 'private' : 'not-found', e.message);
    throw new ResolveError('not-found', String(e));
  }
  if (res.status !== 200) {
    res.body.resume();
    throw new ResolveError('not-found', `media answered ${res.status}`);
  }
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.body.destroy();
    throw new ResolveError('too-large', String(res.headers['content-length']));
  }
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new ResolveError('too-large', `over ${maxBytes} bytes`) : null, chunk);
    },
  });
  await pipeline(res.body, cap, fs.createWriteStream(file), { signal: req.signal });
}
