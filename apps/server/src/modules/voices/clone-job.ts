import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { SpeechError, speechMessages, type SpeechChannels } from '../../engines/speech/index.js';
import { refundPaidJob, runPaidJob, settlePaidJob } from '../producing/index.js';
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
    const bill = {
      userId: training.userId,
      jobKey: training.jobKey,
      held: training.credits,
    };
    // Ended in an earlier run: only the (idempotent) settle or refund is repeated.
    if (training.status === 2) return void (await settlePaidJob(db, bill, training.credits));
    if (training.status === 3) return refundPaidJob(db, bill);
    const voice = await voicesRepo.byId(db, training.voiceId);
    const oldPreview = voice?.previewKey;
    const outcome = await runPaidJob(ctx, job, {
      bill,
      reasonOf,
      run: async ({ signal }) => {
        if (!voice) throw new AppError(speechMessages.cloneFailed);
        // The preview clip is the app's own and is not counted against the owner's storage.
        return { ...(await train(training, voice, signal)), credits: training.credits, bytes: 0 };
      },
      // In the settling transaction, so a voice never shows ready with its price still only held.
      finish: async (tx, { voiceRef, promptText, profile, previewKey }) => {
        if (!voice) return false;
        await voicesRepo.update(tx, voice.id, {
          voiceRef,
          promptText,
          profile,
          previewKey,
          generateStatus: 2,
          failReason: '',
        });
        await voicesRepo.finishTraining(tx, training.id, 2);
        return true;
      },
      fail: async (tx, reason) => {
        if (voice) {
          const back = training.retrain === 1 ? 1 : 0;
          await voicesRepo.update(tx, voice.id, {
            generateStatus: 3,
            failReason: reason,
            remainedTimes: voice.remainedTimes + back,
          });
        }
        await voicesRepo.finishTraining(tx, training.id, 3, reason);
      },
    });
    if (outcome !== 'done' || !voice) return;
    const fresh = await voicesRepo.byId(db, voice.id);
    if (oldPreview && oldPreview !== fresh?.previewKey) await ctx.storage.delete(oldPreview).catch(() => undefined);
    job.log.info({ voiceId: voice.id }, 'voice cloned');
  };
}
