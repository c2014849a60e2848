import fsp from 'node:fs/promises';
import { ANALYSE_STATUS, VIRAL_STATUS, viralMessages as m, viralReport } from '@app/contract';
import { scratchDir, TranscriptionError } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { extractionRuns } from '../extraction/index.js';
import { fileRecords } from '../files/index.js';
import { refundPaidJob, settlePaidJob } from '../producing/index.js';
import { complete, parseAnswer } from './model.js';
import { analysePrompt } from './prompts.js';
import { viralRepo, type ProjectRow } from './repo.js';
import type { TranscriberOf } from './transcriber.js';

/** How long to wait before looking at an unfinished extraction again. */
const EXTRACTION_POLL_SECONDS = 2;
/** Longest wait for the transcription and the model together. */
const STEP_TIMEOUT_MS = 30 * 60_000;

class AnalysisFailure extends Error {}

/**
 * One pass of a viral video's analysis. Each step stores its output, so a pass that finds the
 * extraction still running simply comes back later, and a retried pass skips what is stored.
 */
export function analyseJob(ctx: AppContext, transcriberOf: TranscriberOf) {
  const db = ctx.database.db;

  // The row ends and its hold is refunded in one transaction: a reader who sees it failed sees the refund.
  async function fail(row: ProjectRow, reason: string) {
    await db.transaction(async (tx) => {
      const ended = await viralRepo.updateRunning(tx, row.id, {
        status: VIRAL_STATUS.failed,
        failReason: reason.slice(0, 255),
      });
      if (ended && row.jobKey) await refundPaidJob(tx, { jobKey: row.jobKey, held: row.creditsHeld });
    });
  }

  async function transcribe(
    row: ProjectRow,
    fileId: number,
    signal: AbortSignal,
  ): Promise<{ text: string; duration: number }> {
    const transcribeFile = transcriberOf(ctx);
    if (!transcribeFile) throw new AnalysisFailure(m.transcriptionMissing);
    const key = (await fileRecords.keysByIds(db, [fileId])).get(fileId);
    if (!key) throw new AnalysisFailure(m.projectFailed);
    const dir = await scratchDir(ctx.config.dataDir, `viral-${row.id}`);
    try {
      const local = await ctx.storage.toLocalFile(key, dir);
      try {
        const t = await transcribeFile({ file: local.path, signal });
        return { text: t.text.trim(), duration: t.duration };
      } finally {
        await local.cleanup();
      }
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  return async ({ projectId }: { projectId: number }, job: JobContext): Promise<void> => {
    let row = await viralRepo.project(db, projectId);
    if (!row || row.status !== VIRAL_STATUS.running) return;
    const signal = AbortSignal.timeout(STEP_TIMEOUT_MS);
    try {
      if (!row.fileId) {
        const rec = row.extractionId ? await extractionRuns.video(db, row.userId, row.extractionId) : null;
        if (!rec) throw new AnalysisFailure(m.projectFailed);
        if (rec.status === ANALYSE_STATUS.processing) {
          job.later(EXTRACTION_POLL_SECONDS);
          return;
        }
        if (rec.status !== ANALYSE_STATUS.success || !rec.fileId)
          throw new AnalysisFailure(rec.failReason || m.projectFailed);
        const set = {
          fileId: rec.fileId,
          title: rec.description.slice(0, 128),
          duration: rec.duration,
          step: m.stepTranscribe,
        };
        if (!(await viralRepo.updateRunning(db, row.id, set))) return;
        row = { ...row, ...set };
      }
      if (!row.transcript) {
        const t = await transcribe(row, row.fileId!, signal);
        if (!t.text) throw new AnalysisFailure(m.noSpeech);
        const set = { transcript: t.text, duration: row.duration || t.duration, step: m.stepAnalyse };
        if (!(await viralRepo.updateRunning(db, row.id, set))) return;
        row = { ...row, ...set };
      }
      const report = parseAnswer(await complete(ctx, analysePrompt(row.transcript, row.title), signal), viralReport);
      const { jobKey, creditsHeld } = row;
      await db.transaction(async (tx) => {
        const done = await viralRepo.updateRunning(tx, projectId, {
          status: VIRAL_STATUS.done,
          step: m.stepDone,
          report,
          creditsCharged: creditsHeld,
        });
        if (done && jobKey) await settlePaidJob(tx, { jobKey, held: creditsHeld }, creditsHeld);
      });
    } catch (e) {
      const known = e instanceof AnalysisFailure || e instanceof AppError || e instanceof TranscriptionError;
      if (!known) ctx.log.error({ err: e, projectId }, 'viral analysis failed');
      const reason = known ? e.message : m.projectFailed;
      await fail(row, reason);
    }
  };
}
