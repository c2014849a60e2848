import fsp from 'node:fs/promises';
import path from 'node:path';
import { voiceMessages, type ParsedParamsOf, type startAudition } from '@app/contract';
import {
  countScriptChars,
  isSpeechError,
  stripPauseTags,
  type SpeechChannels,
  type SpeechEmotion,
} from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { lookUpChannel } from '../../platform/channels/keeper.js';
import { voiceChannelKind, type ChannelKey } from './channels.js';
import { voicesRepo } from './repo.js';
import { assertReady } from './service.js';
import { speechVoiceOf } from './speech-voice.js';
import { voiceFiles } from './voice-files.js';
import { accountRows } from '../accounts/index.js';

type StartParams = ParsedParamsOf<typeof startAudition>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Trial syntheses: free, queued, limited per account per minute, kept as the caller's file. */
export class AuditionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly speech: SpeechChannels,
  ) {}

  async start(userId: number, p: StartParams): Promise<{ job_id: string }> {
    const db = this.ctx.database.db;
    if (!stripPauseTags(p.text).trim()) throw new AppError(voiceMessages.auditionNeeds);
    const voice = await voicesRepo.usable(db, userId, p.voice_id);
    if (!voice) throw new AppError(voiceMessages.voiceMissing);
    assertReady(voice);
    const channel = await lookUpChannel(this.ctx, voiceChannelKind, voice.api);
    if (channel.state !== 'ready') throw new AppError(voiceMessages.channelUnavailable);
    const caps = channel.channel.rule;
    if (countScriptChars(p.text) > caps.scriptMax) throw new AppError(voiceMessages.scriptTooLong(caps.scriptMax));
    const row = await db.transaction(async (tx) => {
      // One account at a time, so the per-minute count cannot be outrun by parallel clicks.
      await accountRows.lock(tx, userId);
      const recent = await voicesRepo.auditionsSince(tx, userId, new Date(Date.now() - 60_000));
      if (recent >= this.ctx.config.AUDITION_PER_MINUTE) throw new AppError(voiceMessages.auditionTooFrequent);
      return voicesRepo.insertAudition(tx, {
        userId,
        voiceId: voice.id,
        text: p.text,
        rate: caps.rate ? (p.rate ?? voice.rate) : 1,
        volume: caps.volume ? (p.volume ?? voice.volume) : 1,
        pitch: caps.pitch ? (p.pitch ?? voice.pitch) : 1,
        language: caps.language ? (p.language ?? '') : '',
        emotion: caps.emotion && p.emotion && p.emotion !== 'default' ? p.emotion : '',
      });
    });
    await this.ctx.queue.send('voice.audition', { auditionId: row.id }, { singletonKey: row.id });
    return { job_id: row.id };
  }

  /** status 3 done with url and file_id, 4 failed with the reason, else still running. */
  async get(userId: number, jobId: string) {
    const row = UUID.test(jobId) ? await voicesRepo.audition(this.ctx.database.db, jobId) : null;
    if (!row || row.userId !== userId) throw new AppError(voiceMessages.auditionMissing);
    const file = row.status === 3 && row.fileId ? await voiceFiles.byId(this.ctx.database.db, row.fileId) : null;
    return {
      status: row.status,
      url: file ? fileUrl(this.ctx, file.key) : '',
      file_id: file?.id ?? 0,
      duration: row.duration,
      fail_reason: row.status === 4 ? row.failReason || voiceMessages.auditionFailed : '',
    };
  }

  /** The queue job: speak, store, register; a failure is recorded for the poll to show. */
  job() {
    const ctx = this.ctx;
    const db = ctx.database.db;
    return async ({ auditionId }: { auditionId: string }, job: JobContext): Promise<void> => {
      if (!(await voicesRepo.claimAudition(db, auditionId))) return;
      const row = await voicesRepo.audition(db, auditionId);
      const voice = row ? await voicesRepo.byId(db, row.voiceId) : null;
      if (!row) return;
      const out = path.join(ctx.config.dataDir, 'scratch', `audition-${auditionId}.m4a`);
      try {
        if (!voice) throw new AppError(voiceMessages.voiceMissing);
        await fsp.mkdir(path.dirname(out), { recursive: true });
        const spoken = await this.speech.forChannel(voice.api as ChannelKey).synthesize({
          text: row.text,
          voice: speechVoiceOf(voice),
          rate: row.rate,
          volume: row.volume,
          pitch: row.pitch,
          language: row.language || undefined,
          emotion: (row.emotion || undefined) as SpeechEmotion | undefined,
          outFile: out,
          signal: job.signal,
        });
        const file = await voiceFiles.registerSpeech(
          ctx,
          row.userId,
          `users/${row.userId}/audition/${auditionId}.m4a`,
          out,
          spoken.duration,
        );
        await voicesRepo.updateAudition(db, auditionId, { status: 3, fileId: file.id, duration: spoken.duration });
      } catch (e) {
        if (job.signal.aborted) throw e;
        job.log.warn({ err: e, auditionId }, 'audition failed');
        const reason = e instanceof AppError || isSpeechError(e) ? e.message : voiceMessages.auditionFailed;
        await voicesRepo.updateAudition(db, auditionId, { status: 4, failReason: reason.slice(0, 255) });
      } finally {
        await fsp.rm(out, { force: true });
      }
    };
  }
}
