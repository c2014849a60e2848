import type { SQL } from 'drizzle-orm';
import { captionMessages, studioMessages, type ParsedParamsOf, type listWorks } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { storageUsage } from '../storage-quota/index.js';
import { WORK_STATUS } from './labels.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { captionsKeyOf, presentWork, workFileKeys } from './present.js';
import { worksRepo } from './repo.js';

/** The user's gallery of works, whatever kind made them: list, rename, delete. */
export const worksGallery = {
  async rename(ctx: AppContext, userId: number, id: number, name: string | undefined): Promise<void> {
    const trimmed = name?.trim();
    if (!trimmed) throw new AppError(studioMessages.renameRequired);
    const db = ctx.database.db;
    const w = await worksRepo.find(db, id);
    if (!w || w.userId !== userId) throw new AppError(studioMessages.workMissing);
    // Spec 001: only a finished work (status 3) offers rename.
    if (w.status !== WORK_STATUS.done) throw new AppError(studioMessages.workNotDone);
    await worksRepo.rename(db, id, trimmed);
  },

  /** Finished and failed works can be deleted; their files go and their bytes are freed. */
  async remove(ctx: AppContext, userId: number, id: number): Promise<void> {
    const db = ctx.database.db;
    const w = await worksRepo.find(db, id);
    if (!w || w.userId !== userId) throw new AppError(studioMessages.workMissing);
    if (w.status !== WORK_STATUS.done && w.status !== WORK_STATUS.failed)
      throw new AppError(studioMessages.workNotDone);
    await db.transaction(async (tx) => {
      await worksRepo.remove(tx, w.id);
      await storageUsage.release(tx, userId, w.storedBytes);
    });
    for (const key of workFileKeys(w))
      await ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, 'work file could not be removed'));
  },

  /** A download link for a finished work's captions (SRT), named after the work; only the owner gets it. */
  async captions(ctx: AppContext, userId: number, id: number): Promise<{ url: string; name: string }> {
    const w = await worksRepo.find(ctx.database.db, id);
    if (!w || w.userId !== userId) throw new AppError(studioMessages.workMissing);
    if (w.status !== WORK_STATUS.done) throw new AppError(studioMessages.workNotDone);
    const key = captionsKeyOf(w);
    if (!key || !(await ctx.storage.head(key))) throw new AppError(captionMessages.srtMissing);
    const name = `${w.name}.srt`;
    return { url: fileUrl(ctx, key, { downloadName: name }), name };
  },

  async list(ctx: AppContext, userId: number, q: ParsedParamsOf<typeof listWorks>, queuePosition: SQL<number>) {
    const db = ctx.database.db;
    const { rows, total } = await worksRepo.page(
      db,
      {
        userId,
        page: q.page,
        limit: q.limit,
        status: q.status,
        name: q.name?.trim() || undefined,
        isMulti: q.is_multi,
        onlyAudio: q.only_audio,
        photoType: q.photo_type,
        type: q.type,
      },
      queuePosition,
    );
    const { generate, ...counts } = await worksRepo.counts(db, userId);
    return { list: rows.map((r) => presentWork(ctx, r.work, r.queuePosition)), total, generate, counts };
  },
};
