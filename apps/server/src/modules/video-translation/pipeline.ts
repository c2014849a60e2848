import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { videoTranslateMessages as m } from '@app/contract';
import {
  LIP_SYNC_CHANNEL,
  scratchDir,
  transcribeSpeech,
  TRANSCRIPTION_CHANNEL,
  TranscriptionError,
  type LipSyncEngine,
} from '../../engines/index.js';
import { AvatarEngineError } from '../../engines/avatar/index.js';
import { LOCAL_PRESET_VOICES, SpeechError, type SpeechVoice } from '../../engines/speech/index.js';
import { TEXT_CHANNEL, TextModelError } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { probe } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import {
  failPaidJob,
  runPaidJob,
  creditsFor,
  keepParams,
  storedStepFile,
  workEndings,
  workPrefix,
  workSlot,
  type WorkSteps,
} from '../producing/index.js';
import { workFileKeys, WORK_STATUS, workLedger } from '../works/index.js';
import { planAlignment, toResultTime } from './align.js';
import { translateSegments } from './batch-translate.js';
import { dubVoiceOf } from './dubbing.js';
import { languageLabel, TRANSLATE_KIND } from './labels.js';
import { buildDubTrack, coverOf, extractAudio, mixAndMux, stretchSource, voiceSample } from './media.js';
import { translateWorkOf, type TranslateParams } from './params.js';
import { TRANSLATE_ENGINE_ID } from './service.js';
import { toSrt } from '../../platform/media/srt.js';

const SLOT_RETRY_SECONDS = 2;
/** Dubbed segments synthesized at once. */
const DUB_CONCURRENCY = 3;

type Steps = WorkSteps<TranslateParams>;

const readableReason = (e: unknown) =>
  e instanceof TranscriptionError ||
  e instanceof TextModelError ||
  e instanceof SpeechError ||
  e instanceof AvatarEngineError ||
  e instanceof AppError
    ? e.message
    : m.failed;

/** Which step runs now, for the list (and its share of the whole job). */
async function enter(s: Steps, step: TranslateParams['step'], fraction: number): Promise<void> {
  s.progress(fraction);
  if (s.work.p.step !== step) await keepParams(s, { step });
}

/** A file the work owns while it runs: stored, listed in `files` (removed if the work fails). */
async function storeOwn(s: Steps, key: string, file: string): Promise<void> {
  await s.ctx.storage.putFile(key, file);
  if (!s.work.p.files.includes(key)) await keepParams(s, { files: [...s.work.p.files, key] });
}

/** Lazily fetched local copies of stored inputs (the source video, the extracted audio). */
function localCache(s: Steps) {
  const cache = new Map<string, Promise<string>>();
  return (key: string) => {
    let hit = cache.get(key);
    if (!hit) {
      hit = s.ctx.storage.toLocalFile(key, s.scratch).then((f) => f.path);
      cache.set(key, hit);
    }
    return hit;
  };
}

/** Step 1: the source's sound, and its real length. */
async function audioStep(s: Steps, local: (key: string) => Promise<string>): Promise<string> {
  const { p } = s.work;
  const kept = await storedStepFile(s, p.audioKey);
  if (kept && p.sourceSeconds) return kept;
  await enter(s, 'audio', 0.02);
  const source = await local(p.sourceKey);
  const info = await probe(source, { signal: s.signal });
  if (!info.audio) throw new AppError(m.videoNoAudio);
  if (!info.video) throw new AppError(m.fileRule);
  const out = path.join(s.scratch, 'source-audio.wav');
  await extractAudio(source, out, s.signal);
  const key = `${workPrefix(s.work.row)}source-audio.wav`;
  await storeOwn(s, key, out);
  // The length measured from the packets at submission (what was held); the header's for older orders.
  await keepParams(s, { audioKey: key, sourceSeconds: p.sourceSeconds ?? info.duration });
  return out;
}

/** Step 2: what is said, with times. */
async function transcribeStep(s: Steps, audio: () => Promise<string>) {
  const { p } = s.work;
  if (p.transcript) return p.transcript;
  await enter(s, 'transcribe', 0.08);
  const engine = s.ctx.engines.transcription.forChannel(TRANSCRIPTION_CHANNEL);
  // Only the speech is sent (silencedetect), its segment times put back on the source's timeline.
  const t = await transcribeSpeech(
    engine,
    { file: await audio(), language: p.sourceLang, signal: s.signal },
    s.scratch,
  );
  const segments = t.segments.filter((x) => x.text.trim() && x.end > x.start).map((x, id) => ({ ...x, id }));
  if (!segments.length) throw new AppError(m.noSpeech);
  await keepParams(s, { transcript: segments, transcriptLanguage: t.language });
  return segments;
}

/** Step 3: the translation, batch by batch, each batch stored before the next is sent. */
async function translateStep(
  s: Steps,
  segments: NonNullable<TranslateParams['transcript']>,
): Promise<Map<number, string>> {
  const { p } = s.work;
  const done = new Map(Object.entries(p.translations).map(([k, v]) => [Number(k), v]));
  if (segments.every((x) => done.has(x.id))) return done;
  await enter(s, 'translate', 0.2);
  const model = s.ctx.engines.text.forChannel(TEXT_CHANNEL);
  const { lines } = await translateSegments(model, segments, {
    source: languageLabel(p.sourceLang)?.prompt ?? p.sourceLang,
    target: languageLabel(p.targetLang)?.prompt ?? p.targetLang,
    batchSize: s.ctx.config.TRANSLATE_BATCH_SIZE,
    signal: s.signal,
    done,
    onBatch: async (batch) => {
      const translations = { ...s.work.p.translations };
      for (const [id, text] of batch) translations[String(id)] = text;
      await keepParams(s, { translations });
    },
  });
  return lines;
}

/** Step 4: the voice (cloned once from the speaker) and one clip per segment, each stored as it is made. */
async function dubStep(
  s: Steps,
  segments: NonNullable<TranslateParams['transcript']>,
  lines: Map<number, string>,
  audio: () => Promise<string>,
  made: Map<number, string>,
): Promise<void> {
  const { ctx, work } = s;
  const todo = segments.filter((x) => !work.p.clips[String(x.id)] && lines.get(x.id)?.trim());
  if (!todo.length) return;
  await enter(s, 'dub', 0.35);
  const dub = dubVoiceOf(ctx);
  const channel = work.p.dubChannel ?? dub.channel;
  const provider = channel === dub.channel ? dub.provider : ctx.engines.speech.forChannel(channel);
  let voice = work.p.dubVoice as SpeechVoice | null;
  if (!voice) {
    const sample = path.join(s.scratch, 'voice-sample.wav');
    const speech = segments.slice(0, 8);
    await voiceSample(await audio(), speech, sample, 20, s.signal);
    let note: string = dub.note;
    try {
      const cloned = await provider.cloneVoice({
        sampleFile: sample,
        name: `translate-${work.row.id}`,
        promptText: speech.map((x) => x.text).join(''),
        signal: s.signal,
      });
      voice = { voiceRef: cloned.voiceRef, promptText: cloned.promptText, profile: cloned.profile };
    } catch (e) {
      // Offline, too little clear speech to approximate the speaker: a preset voice, and the note says so.
      if (channel !== 'local' || !(e instanceof SpeechError) || s.signal.aborted) throw e;
      voice = { voiceRef: LOCAL_PRESET_VOICES[0]!.voiceRef };
      note = m.offlinePresetNote;
    }
    await keepParams(s, { dubChannel: channel, dubVoice: voice, note });
  }
  const clips = { ...work.p.clips };
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const seg = todo[next++]!;
      const out = path.join(s.scratch, `clip-${seg.id}.wav`);
      const r = await provider.synthesize({
        text: lines.get(seg.id)!,
        voice: voice,
        rate: 1,
        volume: 1,
        pitch: 1,
        language: work.p.targetLang,
        outFile: out,
        signal: s.signal,
      });
      const key = `${workPrefix(work.row)}dub/${seg.id}.wav`;
      await ctx.storage.putFile(key, r.file);
      clips[String(seg.id)] = { key, seconds: r.duration };
      made.set(seg.id, r.file);
      s.progress(0.35 + (0.25 * made.size) / todo.length);
      await keepParams(s, { clips: { ...clips }, files: [...new Set([...s.work.p.files, key])] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(DUB_CONCURRENCY, todo.length) }, worker));
}

/** Step 5: every clip fitted to its slot on one track as long as the video, and the subtitles. */
async function alignStep(
  s: Steps,
  segments: NonNullable<TranslateParams['transcript']>,
  lines: Map<number, string>,
  made: Map<number, string>,
): Promise<string> {
  const { work } = s;
  const kept = await storedStepFile(s, work.p.trackKey);
  if (kept) return kept;
  await enter(s, 'align', 0.62);
  const duration = work.p.sourceSeconds!;
  const plan = planAlignment(
    segments.map((x) => ({
      id: x.id,
      start: x.start,
      end: x.end,
      dubSeconds: work.p.clips[String(x.id)]?.seconds ?? 0,
    })),
    duration,
  );
  const local = new Map<number, string>();
  for (const x of segments) {
    const clip = work.p.clips[String(x.id)];
    // Clips made in this run are still on disk; those of an earlier run come back from storage.
    const file = made.get(x.id) ?? (clip ? await storedStepFile(s, clip.key) : null);
    if (file) local.set(x.id, file);
  }
  const out = path.join(s.scratch, 'dub-track.wav');
  // The track is as long as the result: the source's length plus any slowed stretch.
  await buildDubTrack(
    plan.segments.filter((x) => local.has(x.id)),
    (id) => local.get(id)!,
    plan.duration,
    out,
    s.signal,
  );
  const prefix = workPrefix(work.row);
  const target = path.join(s.scratch, 'target.srt');
  const source = path.join(s.scratch, 'source.srt');
  // Subtitle times follow the result: moved by the stretches before them, widened by the ones they cover.
  const placed = new Map(plan.segments.map((x) => [x.id, x]));
  const timed = segments.map((x) => {
    const start = toResultTime(plan.stretches, x.start);
    const p = placed.get(x.id);
    return { ...x, start, end: Math.max(toResultTime(plan.stretches, x.end), p ? p.start + p.length : 0) };
  });
  await writeFile(target, toSrt(timed.map((x) => ({ ...x, text: lines.get(x.id) ?? '' }))));
  await writeFile(source, toSrt(timed));
  const keys = {
    trackKey: `${prefix}dub-track.wav`,
    srtKey: `${prefix}${work.p.targetLang}.srt`,
    sourceSrtKey: `${prefix}${work.p.sourceLang}.srt`,
  };
  await storeOwn(s, keys.srtKey, target);
  await storeOwn(s, keys.sourceSrtKey, source);
  await storeOwn(s, keys.trackKey, out);
  const slowed = plan.stretches.length ? m.slowedNote(plan.stretches.length, plan.duration - duration) : null;
  await keepParams(s, {
    ...keys,
    drift: plan.worstDrift,
    stretches: plan.stretches,
    resultSeconds: plan.duration,
    note: [work.p.note, slowed].filter(Boolean).join('；'),
  });
  return out;
}

/**
 * Mode 1: the source's picture with the mouth driven by the dub, by the configured lip-sync engine
 * (offline, or a remote service that fetches both files); the result is stored at once. A remote task
 * already started is followed after a restart, never started again.
 */
async function lipsyncStep(s: Steps, engine: LipSyncEngine, source: string, track: string): Promise<string> {
  const { work } = s;
  const kept = await storedStepFile(s, work.p.lipsyncKey);
  if (kept) return kept;
  await enter(s, 'lipsync', 0.7);
  const out = path.join(s.scratch, 'lipsync.mp4');
  const task = work.p.lipsyncTask?.engine === engine.id ? work.p.lipsyncTask.id : undefined;
  await engine.lipSync({
    video: source,
    audio: track,
    outFile: out,
    scratch: s.scratch,
    signal: s.signal,
    taskId: task,
    onTask: (id) => keepParams(s, { lipsyncTask: { engine: engine.id, id } }),
    onProgress: (f) => s.progress(0.7 + 0.2 * f),
  });
  const key = `${workPrefix(work.row)}lipsync.mp4`;
  await storeOwn(s, key, out);
  const note = m.lipsyncNote(m.lipsyncEngineNames[engine.choice]);
  await keepParams(s, { lipsyncKey: key, note: [work.p.note, note].filter(Boolean).join('；') });
  return out;
}

/** A dub too long for its slot and gap: the source with those spans slowed (picture and sound alike). */
async function stretchStep(s: Steps, source: string): Promise<string> {
  const { work } = s;
  if (!work.p.stretches.length) return source;
  const kept = await storedStepFile(s, work.p.stretchedKey);
  if (kept) return kept;
  const out = path.join(s.scratch, 'stretched.mp4');
  await stretchSource(source, work.p.stretches, work.p.sourceSeconds!, out, s.signal);
  const key = `${workPrefix(work.row)}stretched.mp4`;
  await storeOwn(s, key, out);
  await keepParams(s, { stretchedKey: key });
  return out;
}

/** Step 6: the dub over the ducked original, with the picture; intermediate files are then removed. */
async function mixStep(
  s: Steps,
  local: (key: string) => Promise<string>,
  lipSync: LipSyncEngine | null,
): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await storedStepFile(s, work.row.videoKey) : null;
  if (kept) return kept;
  const source = await stretchStep(s, await local(work.p.sourceKey));
  const track = (await storedStepFile(s, work.p.trackKey))!;
  const picture = lipSync ? await lipsyncStep(s, lipSync, source, track) : source;
  await enter(s, 'mix', 0.92);
  const out = path.join(s.scratch, 'translated.mp4');
  const srt = work.p.subtitles ? await storedStepFile(s, work.p.srtKey) : null;
  await mixAndMux({ video: picture, original: source, track, out, burnSrt: srt ?? undefined, signal: s.signal });
  const cover = path.join(s.scratch, 'cover.jpg');
  await coverOf(out, cover, s.signal);
  const prefix = workPrefix(work.row);
  const videoKey = `${prefix}video.mp4`;
  const coverKey = `${prefix}cover.jpg`;
  await ctx.storage.putFile(videoKey, out);
  await ctx.storage.putFile(coverKey, cover);
  await workLedger.progress(ctx.database.db, work.row.id, { set: { videoKey, coverKey } });
  Object.assign(work.row, { videoKey, coverKey });
  // Only the subtitles stay with the work; the steps' files go now that the result is stored.
  const keep = [work.p.srtKey, work.p.sourceSrtKey].filter((k): k is string => !!k);
  const drop = work.p.files.filter((k) => !keep.includes(k));
  await keepParams(s, { files: keep });
  for (const key of drop) await ctx.storage.delete(key).catch(() => undefined);
  return out;
}

/** The translation job: each step stores its output before the next; the runner settles or refunds once. */
export async function runTranslation(ctx: AppContext, workId: number, job: JobContext): Promise<void> {
  const row = await workLedger.find(ctx.database.db, workId, TRANSLATE_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const work = translateWorkOf(row);
  const ends = workEndings(ctx, work);
  if (!ctx.engines.transcription.isConfigured(TRANSCRIPTION_CHANNEL)) {
    await failPaidJob(ctx, ends, m.notConfigured);
    return;
  }
  let lipSync: LipSyncEngine | null = null;
  try {
    if (work.p.mode === 1) lipSync = ctx.engines.lipSync.forChannel(LIP_SYNC_CHANNEL);
  } catch (e) {
    await failPaidJob(ctx, ends, readableReason(e));
    return;
  }
  // A remote lip-sync engine's slots are taken like a studio work's, once the dub it needs is made.
  const vendor = lipSync?.remote ? { id: lipSync.id, maxConcurrency: lipSync.maxConcurrency } : null;
  const own = { id: TRANSLATE_ENGINE_ID, maxConcurrency: ctx.config.TRANSLATE_CONCURRENCY };
  const onVendor = vendor !== null && work.p.trackKey !== null;
  const scratch = await scratchDir(ctx.config.dataDir, `translate-${row.id}-${job.id}`);
  try {
    await runPaidJob<{ duration: number; bytes: number; credits: number }>(ctx, job, {
      ...ends,
      slot: workSlot(row, onVendor ? vendor : own, SLOT_RETRY_SECONDS),
      reasonOf: readableReason,
      run: async ({ signal, progress, queueFor }) => {
        const s: Steps = { ctx, work, scratch, signal, progress };
        const local = localCache(s);
        let audioFile: Promise<string> | null = null;
        const audio = () => (audioFile ??= audioStep(s, local));
        if (!work.row.videoKey) {
          await audio();
          const segments = await transcribeStep(s, audio);
          const lines = await translateStep(s, segments);
          const made = new Map<number, string>();
          if (!work.p.trackKey) await dubStep(s, segments, lines, audio, made);
          await alignStep(s, segments, lines, made);
          // The dub is stored: the rest waits in the remote engine's line (listed as 口型同步), holding no translation slot.
          if (vendor && !onVendor) {
            await enter(s, 'lipsync', 0.7);
            await queueFor({ id: vendor.id, max: vendor.maxConcurrency });
          }
        }
        const video = await mixStep(s, local, lipSync);
        const info = await probe(video, { signal });
        if (!info.video || !info.audio || !(info.duration > 0)) throw new AppError(m.failed);
        let bytes = 0;
        for (const key of workFileKeys({ ...work.row, params: work.p }))
          bytes += (await ctx.storage.head(key))?.size ?? 0;
        const facts = { duration: info.duration, bytes };
        return { ...facts, credits: creditsFor(work.p.sourceSeconds ?? facts.duration, work.p.creditsPerSecond) };
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
