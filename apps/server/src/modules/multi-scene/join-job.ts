import { randomUUID } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { multiSceneMessages as m } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { runPaidJob, captionsSrt, finishVideo, musicPlan, workPrefix, type CaptionCue } from '../producing/index.js';
import { parseSrt } from '../../platform/media/srt.js';
import { WORK_STATUS, workLedger } from '../works/index.js';
import { multiEndings } from './endings.js';
import { MULTI_CLIP_KIND, MULTI_KIND, SCENE_STATUS } from './labels.js';
import { joinAudioClips, joinVideoClips, type ClipFormat } from './media.js';
import { multiPrice, multiWorkOf, sceneSrtKey, type MultiWork } from './params.js';
import { scenesRepo, type SceneRow } from './repo.js';

interface Joined {
  duration: number;
  /** Everything stored: the merged file and cover plus, for a video, each scene's clip and cover. */
  bytes: number;
  mergedBytes: number;
  credits: number;
  entries: { scene: SceneRow; bytes: number }[];
}

const sizeOf = async (ctx: AppContext, key: string | null) => (key ? ((await ctx.storage.head(key))?.size ?? 0) : 0);

/** The merged work's SRT: each scene's captions moved to where its clip starts in the joined video. */
async function mergedCaptions(ctx: AppContext, work: MultiWork, ordered: SceneRow[], scratch: string) {
  const cues: CaptionCue[] = [];
  let offset = 0;
  for (const scene of ordered) {
    const key = sceneSrtKey(work, scene.position);
    if (await ctx.storage.head(key)) {
      const local = await ctx.storage.toLocalFile(key, scratch);
      for (const c of parseSrt(await readFile(local.path, 'utf8')))
        cues.push({ start: c.start + offset, end: c.end + offset, text: c.text });
    }
    offset += scene.duration ?? 0;
  }
  const file = path.join(scratch, 'captions.srt');
  await writeFile(file, captionsSrt(cues));
  const captionsKey = `${workPrefix(work.row)}captions.srt`;
  await ctx.storage.putFile(captionsKey, file);
  return captionsKey;
}

/** Each scene's video becomes its own entry in the list, beside the merged work, owning its clip. */
async function openSceneEntries(tx: Db, work: MultiWork, entries: Joined['entries']): Promise<void> {
  for (const { scene, bytes } of entries) {
    const row = await workLedger.open(tx, {
      userId: work.row.userId,
      kind: MULTI_CLIP_KIND,
      name: m.sceneEntryName(work.row.name, scene.position + 1).slice(0, 64),
      channel: work.row.channel,
      channelName: work.row.channelName,
      engine: work.row.engine,
      hs: work.row.hs,
      isMulti: 1,
      onlyAudio: 0,
      creditsHeld: 0,
      jobKey: `multi-clip:${randomUUID()}`,
      videoKey: scene.clipKey,
      coverKey: scene.coverKey,
      params: {
        multiWorkId: work.row.id,
        position: scene.position,
        ...(work.p.captions
          ? { captionsKey: sceneSrtKey(work, scene.position), files: [sceneSrtKey(work, scene.position)] }
          : {}),
      },
    });
    await workLedger.finish(tx, row.id, { duration: scene.duration, creditsCharged: 0, storedBytes: bytes });
  }
}

/** The merged video opens on its first scene, so that scene's cover is its cover; made from the merged file only without one. */
async function mergedCover(
  ctx: AppContext,
  firstCover: string | null,
  merged: string,
  scratch: string,
  signal: AbortSignal,
): Promise<string> {
  if (firstCover) return (await ctx.storage.toLocalFile(firstCover, scratch)).path;
  const cover = path.join(scratch, 'cover.jpg');
  await ffmpeg(['-i', merged, '-frames:v', '1', '-q:v', '3', cover], { signal });
  return cover;
}

/** Fan-in: the clips in the recorded order, joined into one work; priced on its real scenes' lengths, settled once. */
export async function joinWork(ctx: AppContext, workId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const row = await workLedger.find(db, workId, MULTI_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const work = multiWorkOf(row);
  const scenes = await scenesRepo.ofWork(db, workId);
  if (scenes.length === 0 || scenes.some((s) => s.status !== SCENE_STATUS.done || !s.clipKey)) return;
  const video = work.p.outputMode === 'video';
  const scratch = await scratchDir(ctx.config.dataDir, `multi-join-${workId}-${job.id}`);
  const ends = multiEndings(ctx, work);
  try {
    const outcome = await runPaidJob<Joined>(ctx, job, {
      ...ends,
      reasonOf: (e) => (e instanceof AppError ? e.message : m.joinFailed),
      run: async ({ signal }) => {
        const byPosition = new Map(scenes.map((s) => [s.position, s]));
        const ordered = work.p.order.map((i) => byPosition.get(i)).filter((s): s is SceneRow => !!s);
        const clips: string[] = [];
        for (const s of ordered) clips.push((await ctx.storage.toLocalFile(s.clipKey ?? '', scratch)).path);
        const out = path.join(scratch, video ? 'merged.mp4' : 'merged.m4a');
        let copied = false;
        if (video)
          copied = (
            await joinVideoClips(
              clips,
              out,
              scratch,
              signal,
              ordered.map((s) => s.format as ClipFormat | null),
            )
          ).copied;
        else await joinAudioClips(clips, out, signal);
        // The music runs under the whole work, across the scenes' cuts: mixed once, after the join.
        const music = await musicPlan(ctx, work.p.music, scratch);
        const finished = music ? await finishVideo(out, { music }, signal) : out;
        const info = await probe(finished, { signal });
        if (!info.audio || (video && !info.video) || !(info.duration > 0)) throw new Error('merged file unreadable');
        const videoKey = `${workPrefix(row)}${video ? 'video.mp4' : 'audio.m4a'}`;
        await ctx.storage.putFile(videoKey, finished);
        let coverKey: string | null = null;
        if (video) {
          coverKey = `${workPrefix(row)}cover.jpg`;
          await ctx.storage.putFile(
            coverKey,
            await mergedCover(ctx, ordered[0]?.coverKey ?? null, finished, scratch, signal),
          );
        }
        const captionsKey = video && work.p.captions ? await mergedCaptions(ctx, work, ordered, scratch) : null;
        await workLedger.progress(db, workId, {
          set: { videoKey, coverKey, progress: 99 },
          params: { joinedByCopy: copied, ...(captionsKey ? { captionsKey, files: [captionsKey] } : {}) },
        });
        if (captionsKey) Object.assign(work.p, { captionsKey, files: [captionsKey] });
        Object.assign(work.row, { videoKey, coverKey });
        const mergedBytes = (await stat(finished)).size + (await sizeOf(ctx, coverKey));
        const entries = video
          ? await Promise.all(
              ordered
                .slice()
                .sort((a, b) => a.position - b.position)
                .map(async (scene) => ({
                  scene,
                  bytes: (await sizeOf(ctx, scene.clipKey)) + (await sizeOf(ctx, scene.coverKey)),
                })),
            )
          : [];
        const bytes = mergedBytes + entries.reduce((n, e) => n + e.bytes, 0);
        return {
          duration: info.duration,
          bytes,
          mergedBytes,
          entries,
          credits: multiPrice(
            work.p.creditsPerSecond,
            ordered.map((s) => ({ seconds: s.duration, creditsPerSecond: s.creditsPerSecond })),
            info.duration,
          ),
        };
      },
      finish: async (tx, r, charged) => {
        const ended = await workLedger.finish(tx, workId, {
          duration: r.duration,
          creditsCharged: charged,
          storedBytes: r.mergedBytes,
        });
        if (ended) await openSceneEntries(tx, work, r.entries);
        return ended;
      },
    });
    // An audio-only work keeps only its merged m4a: the scene sounds were steps.
    if (outcome === 'done' && !video)
      for (const s of scenes) if (s.clipKey) await ctx.storage.delete(s.clipKey).catch(() => undefined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
