import fsp from 'node:fs/promises';
import path from 'node:path';
import { analyseMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ffmpeg, MediaToolError, probe, type MediaInfo } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { scratchDir } from '../../engines/index.js';
import { refundPaidJob, runPaidJob, settlePaidJob } from '../producing/index.js';
import { fileRecords, uploadedFiles } from '../files/index.js';
import { ExtractionFailure, reasonOf } from './messages.js';
import { analyseRepo, type AnalyseRow } from './repo.js';
import type { ResolverRegistry } from './resolvers/registry.js';
import { addressPolicy } from './service.js';

/**
 * Downloaded media is read as a local file and nothing else: a "video" that is really a playlist
 * pointing at other addresses must not make ffmpeg fetch them.
 */
const LOCAL_ONLY = ['-protocol_whitelist', 'file'];

const COPYABLE_VIDEO = new Set(['h264', 'hevc']);
const COPYABLE_AUDIO = new Set(['aac', 'mp3']);

async function probeMedia(file: string): Promise<MediaInfo> {
  try {
    return await probe(file, { inputArgs: LOCAL_ONLY });
  } catch (e) {
    if (e instanceof MediaToolError) throw new ExtractionFailure(analyseMessages.notMedia);
    throw e;
  }
}

/** An mp4 browsers play: copied when its streams already are, encoded otherwise. */
async function toMp4(input: string, info: MediaInfo, out: string, signal: AbortSignal): Promise<void> {
  const copy =
    /mp4|mov/.test(info.container) &&
    COPYABLE_VIDEO.has(info.video?.codec ?? '') &&
    (!info.audio || COPYABLE_AUDIO.has(info.audio.codec));
  const codecs = copy
    ? ['-c', 'copy']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
  await ffmpeg(
    [...LOCAL_ONLY, '-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...codecs, '-movflags', '+faststart', out],
    {
      signal,
      timeoutMs: 30 * 60_000,
    },
  );
}

/** The first audio track as m4a: copied when it is AAC already, encoded otherwise. */
async function toM4a(input: string, info: MediaInfo, out: string, signal: AbortSignal): Promise<void> {
  if (!info.audio) throw new ExtractionFailure(analyseMessages.noAudioTrack);
  const codec = info.audio.codec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k'];
  await ffmpeg([...LOCAL_ONLY, '-i', input, '-map', '0:a:0', '-vn', ...codec, '-movflags', '+faststart', out], {
    signal,
    timeoutMs: 30 * 60_000,
  });
}

/** A JPEG for the list: the site's picture when it gave one, else a frame of the video, else none. */
async function makeCover(
  picture: string | null,
  video: string | null,
  duration: number,
  out: string,
  signal: AbortSignal,
): Promise<boolean> {
  const scale = ['-vf', "scale='min(720,iw)':-2", '-frames:v', '1', '-q:v', '4', out];
  if (picture) {
    try {
      await ffmpeg([...LOCAL_ONLY, '-i', picture, ...scale], { signal, timeoutMs: 60_000 });
      return true;
    } catch {
      // An unreadable picture: the video's own frame stands in.
    }
  }
  if (!video) return false;
  try {
    await ffmpeg([...LOCAL_ONLY, '-ss', String(Math.min(1, duration / 2)), '-i', video, ...scale], {
      signal,
      timeoutMs: 60_000,
    });
    return true;
  } catch {
    return false;
  }
}

interface Extracted {
  fileId: number;
  size: number;
  duration: number;
  coverKey: string;
  description: string;
  resolver: string;
  credits: number;
  bytes: number;
}

/**
 * One extraction: fetch the media (through the link resolvers, every hop public) or read the upload,
 * keep the video or its audio track in the owner's storage as a registered file, and settle the price
 * once; any failure marks the record failed with its reason and refunds in full.
 */
export function extractionJob(ctx: AppContext, resolvers: ResolverRegistry) {
  const db = ctx.database.db;
  const { EXTRACTION_MAX_MB, EXTRACTION_MAX_SECONDS, EXTRACTION_TIMEOUT_SECONDS } = ctx.config;

  async function extract(r: AnalyseRow, signal: AbortSignal, dir: string): Promise<Extracted> {
    let source: string;
    let picture: string | null = null;
    let description: string;
    let resolver: string;
    let cleanupSource: (() => Promise<void>) | null = null;
    if (r.sourceType === 2) {
      const upload = r.sourceFileId ? await uploadedFiles.findOwned(db, r.userId, r.sourceFileId) : null;
      if (!upload) throw new ExtractionFailure(analyseMessages.fileRequired);
      const local = await ctx.storage.toLocalFile(upload.key, dir);
      source = local.path;
      cleanupSource = local.cleanup;
      description = '本地视频提取的音频';
      resolver = 'upload';
    } else {
      const got = await resolvers.resolve({
        link: r.link,
        want: r.kind === 'video' ? 'video' : 'audio',
        dir,
        signal,
        limits: {
          maxBytes: EXTRACTION_MAX_MB * 1024 * 1024,
          maxSeconds: EXTRACTION_MAX_SECONDS,
          timeoutMs: EXTRACTION_TIMEOUT_SECONDS * 1000,
        },
        policy: addressPolicy(ctx),
      });
      source = got.file;
      picture = got.coverFile;
      description = got.desc || (r.kind === 'video' ? '提取的视频' : '提取的音频');
      resolver = got.resolver;
    }
    try {
      const info = await probeMedia(source);
      if (info.duration > EXTRACTION_MAX_SECONDS) throw new ExtractionFailure(analyseMessages.tooLong);
      const isVideo = r.kind === 'video';
      if (isVideo && !info.video) throw new ExtractionFailure(analyseMessages.notMedia);
      const out = path.join(dir, isVideo ? 'out.mp4' : 'out.m4a');
      if (isVideo) await toMp4(source, info, out, signal);
      else await toM4a(source, info, out, signal);
      const result = await probeMedia(out);
      const coverFile = path.join(dir, 'cover.jpg');
      const hasCover = await makeCover(picture, info.video ? source : null, info.duration, coverFile, signal);
      const base = `users/${r.userId}`;
      let coverKey = '';
      if (hasCover) {
        coverKey = `${base}/image/analyse-${r.id}.jpg`;
        await ctx.storage.putFile(coverKey, coverFile);
      }
      const file = await fileRecords.registerGenerated(ctx, r.userId, {
        key: isVideo ? `${base}/video/analyse-${r.id}.mp4` : `${base}/voice/analyse-${r.id}.m4a`,
        localPath: out,
        kind: isVideo ? 'video' : 'voice',
        mime: isVideo ? 'video/mp4' : 'audio/mp4',
        duration: result.duration,
      });
      return {
        fileId: file.id,
        size: file.size,
        duration: result.duration,
        coverKey,
        description: description.slice(0, 500),
        resolver,
        credits: r.creditsHeld,
        // registerGenerated has counted the file against the owner's storage already.
        bytes: 0,
      };
    } finally {
      await cleanupSource?.();
    }
  }

  return async ({ recordId }: { recordId: number }, job: JobContext): Promise<void> => {
    const r = await analyseRepo.byId(db, recordId);
    if (!r) return;
    const bill = { userId: r.userId, jobKey: r.jobKey, held: r.creditsHeld };
    // Ended in an earlier run: only the (idempotent) settle or refund is repeated.
    if (r.status === 3) return void (await settlePaidJob(db, bill, r.creditsCharged));
    if (r.status === 4) return refundPaidJob(db, bill);
    const dir = await scratchDir(ctx.config.dataDir, `analyse-${r.id}-${job.id}`);
    try {
      await runPaidJob(ctx, job, {
        bill,
        reasonOf,
        run: ({ signal }) => extract(r, signal, dir),
        finish: (tx, x, charged) =>
          analyseRepo.succeed(tx, r.id, {
            fileId: x.fileId,
            coverKey: x.coverKey,
            size: x.size,
            duration: x.duration,
            description: x.description,
            resolver: x.resolver,
            creditsCharged: charged,
          }),
        fail: async (tx, reason) => {
          await analyseRepo.fail(tx, r.id, reason);
        },
      });
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}
