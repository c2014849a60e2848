import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { SpeechError, speechMessages, type SpeechChannels } from '../../engines/speech/index.js';
import { refundClone, settleClone } from './billing.js';
import type { ChannelKey } from './channels.js';
import { checkRecordingContent } from './recording-rules.js';
import { voicesRepo, type TrainingRow, type VoiceRow } from './repo.js';
import { PREVIEW_TEXT, speechVoiceOf } from './speech-voice.js';
import { voiceFiles } from './voice-files.js';

/** What a failure tells the user on the voice card. */
function reasonOf(e: unknown): string {
  if (e instanceof AppError || e instanceof SpeechError) return e.message.slice(0, 255);
  return speechMessages.cloneFailed;
}

/**
 * Clones (or re-trains) a voice: checks the recording, asks the channel's engine for the voice,
 * speaks a preview with it, marks it ready and settles the price, or marks it failed with the reason
 * and refunds. Running it again after it finished only repeats the (idempotent) settle or refund.
 */
export function cloneVoiceJob(ctx: AppContext, speech: SpeechChannels) {
  const db = ctx.database.db;
  const scratch = path.join(ctx.config.dataDir, 'scratch');

  async function train(training: TrainingRow, voice: VoiceRow, signal: AbortSignal) {
    const file = training.fileId ? await voiceFiles.byId(db, training.fileId) : null;
    if (!file) throw new SpeechError('sample_unreadable');
    const engine = speech.forChannel(voice.api as ChannelKey);
    const local = await ctx.storage.toLocalFile(file.key, scratch);
    const previewFile = path.join(scratch, `voice-preview-${training.id}.m4a`);
    try {
      await checkRecordingContent(local.path, signal);
      const cloned = await engine.cloneVoice({ sampleFile: local.path, name: voice.name, signal });
      const trained = {
        ...voice,
        voiceRef: cloned.voiceRef,
        promptText: cloned.promptText ?? '',
        profile: cloned.profile ?? null,
      };
      await engine.synthesize({
        text: PREVIEW_TEXT,
        voice: speechVoiceOf(trained),
        rate: 1,
        volume: 1,
        pitch: 1,
        outFile: previewFile,
        signal,
      });
      const previewKey = `users/${training.userId}/voice-preview/${voice.id}-${training.id}.m4a`;
      await ctx.storage.putFile(previewKey, previewFile);
      return { voiceRef: trained.voiceRef, promptText: trained.promptText, profile: trained.profile, previewKey };
    } finally {
      await local.cleanup();
      await fsp.rm(previewFile, { force: true });
    }
  }

  return async ({ trainingId }: { trainingId: number }, job: JobContext): Promise<void> => {
    const training = await voicesRepo.training(db, trainingId);
    if (!training) return;
    if (training.status === 2) return settleClone(db, training.jobKey, training.credits);
    if (training.status === 3) return refundClone(db, training.jobKey, training.credits);
    const voice = await voicesRepo.byId(db, training.voiceId);
    try {
      if (!voice) throw new AppError(speechMessages.cloneFailed);
      const result = await train(training, voice, job.signal);
      const oldPreview = voice.previewKey;
      await db.transaction(async (tx) => {
        await voicesRepo.update(tx, voice.id, { ...result, generateStatus: 2, failReason: '' });
        await voicesRepo.finishTraining(tx, training.id, 2);
        // In the same transaction, so a voice never shows ready with its price still only held.
        await settleClone(tx, training.jobKey, training.credits);
      });
      if (oldPreview && oldPreview !== result.previewKey) await ctx.storage.delete(oldPreview).catch(() => undefined);
      job.log.info({ voiceId: voice.id }, 'voice cloned');
    } catch (e) {
      // A shutdown puts the job back in the queue; it is not the recording's fault.
      if (job.signal.aborted) throw e;
      const reason = reasonOf(e);
      job.log.warn({ err: e, trainingId }, 'voice clone failed');
      await db.transaction(async (tx) => {
        if (voice) {
          const back = training.retrain === 1 ? 1 : 0;
          await voicesRepo.update(tx, voice.id, {
            generateStatus: 3,
            failReason: reason,
            remainedTimes: voice.remainedTimes + back,
          });
        }
        await voicesRepo.finishTraining(tx, training.id, 3, reason);
        await refundClone(tx, training.jobKey, training.credits);
      });
    }
  };
}
