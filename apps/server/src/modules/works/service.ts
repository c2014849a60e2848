import { randomUUID } from 'node:crypto';
import { studioMessages, type ParsedParamsOf, type listWorks } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type StudioUploads, AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import { creditLedger, reservePaidJob, storageUsage } from '../credits/index.js';
import path from 'node:path';
import { creditsFor, planWork, type SaveWorkParams, type WorkPlan } from './create-rules.js';
import { WORK_CREDIT_ACTION, WORK_STATUS } from './labels.js';
import type { StudioVoices } from './ports.js';
import { presentWork, workFileKeys } from './present.js';
import { worksRepo } from './repo.js';

export interface WorksDeps {
  uploads: StudioUploads;
  voices: StudioVoices;
}

/** Works: submit (validate, estimate, reserve, queue), rename, delete, list. */
export class WorksService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: WorksDeps,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  async create(userId: number, p: SaveWorkParams): Promise<{ id: number; credits: number }> {
    const plan = await planWork(this.ctx, this.deps, userId, p);
    const credits = creditsFor(plan.estimateSeconds, plan.channel.credits);
    const short = async () =>
      new AppError(studioMessages.notEnoughCredits(credits, await creditLedger(this.db).balance(userId)));
    if ((await creditLedger(this.db).balance(userId)) < credits) throw await short();
    const avatar = plan.avatar ?? (await this.materialAvatar(userId, plan.material));
    const engine = this.ctx.engines.avatar.forChannel(plan.channel.api).id;
    let work;
    try {
      // The row and its hold commit together: refused credits leave nothing behind.
      work = await this.db.transaction(async (tx) => {
        const row = await worksRepo.insert(tx, {
          userId,
          name: p.name?.trim() || studioMessages.defaultWorkName,
          status: WORK_STATUS.queued,
          channel: plan.channel.api,
          channelName: plan.channel.name,
          engine,
          avatarId: avatar.id,
          hs: avatar.hs,
          mode: plan.mode,
          voiceId: plan.voiceId,
          script: plan.script,
          audioFileId: plan.audio?.fileId ?? null,
          // Audio mode: the upload is the speech step's output from the start.
          speechKey: plan.audio?.key ?? null,
          speechSeconds: plan.audio?.seconds ?? null,
          language: p.language ?? '',
          emotion: p.emotion ?? '',
          rate: p.rate ?? 1,
          volume: p.volume ?? 1,
          pitch: p.pitch ?? 1,
          estimateSeconds: plan.estimateSeconds,
          creditsPerSecond: plan.channel.credits,
          creditsHeld: credits,
          jobKey: `work:${randomUUID()}`,
        });
        await reservePaidJob(tx, { userId, jobKey: row.jobKey, held: credits, actionName: WORK_CREDIT_ACTION });
        return row;
      });
    } catch (e) {
      if (e instanceof AppError) throw await short();
      throw e;
    }
    await this.ctx.queue.send('work.render', { workId: work.id });
    return { id: work.id, credits };
  }

  /**
   * The hidden avatar a material video is prepared into (mezzanine, engines' data), made once per
   * material file and reused by later works; the render waits for it like for a slot.
   */
  private async materialAvatar(userId: number, material: WorkPlan['material']): Promise<AvatarRow> {
    if (!material) throw new AppError(studioMessages.avatarRequired);
    const found = await avatarsRepo.findFromMaterial(this.db, userId, material.fileId);
    if (found && found.status !== AVATAR_STATUS.failed) return found;
    const row = await avatarsRepo.insert(this.db, {
      userId,
      name: material.name.slice(0, 64) || studioMessages.defaultWorkName,
      source: AVATAR_SOURCE.material,
      status: AVATAR_STATUS.processing,
      fileId: material.fileId,
      sourceKey: material.key,
      sourceName: path.posix.basename(material.key),
      hs: material.hs,
    });
    await this.ctx.queue.send('avatar.prepare', { avatarId: row.id });
    return row;
  }

  async rename(userId: number, id: number, name: string | undefined): Promise<void> {
    const trimmed = name?.trim();
    if (!trimmed) throw new AppError(studioMessages.renameRequired);
    const w = await worksRepo.find(this.db, id);
    if (!w || w.userId !== userId) throw new AppError(studioMessages.workMissing);
    // Spec 001: only a finished work (status 3) offers rename.
    if (w.status !== WORK_STATUS.done) throw new AppError(studioMessages.workNotDone);
    await worksRepo.update(this.db, id, { name: trimmed });
  }

  /** Finished and failed works can be deleted; the files go and their bytes are freed. */
  async remove(userId: number, id: number): Promise<void> {
    const w = await worksRepo.find(this.db, id);
    if (!w || w.userId !== userId) throw new AppError(studioMessages.workMissing);
    if (w.status !== WORK_STATUS.done && w.status !== WORK_STATUS.failed)
      throw new AppError(studioMessages.workNotDone);
    await this.db.transaction(async (tx) => {
      await worksRepo.remove(tx, w.id);
      await storageUsage.release(tx, userId, w.storedBytes);
    });
    for (const key of workFileKeys(w))
      await this.ctx.storage
        .delete(key)
        .catch((err: unknown) => this.ctx.log.warn({ err, key }, 'work file could not be removed'));
  }

  async list(userId: number, q: ParsedParamsOf<typeof listWorks>) {
    const { rows, total } = await worksRepo.page(this.db, {
      userId,
      page: q.page,
      limit: q.limit,
      status: q.status,
      name: q.name?.trim() || undefined,
      isMulti: q.is_multi,
      onlyAudio: q.only_audio,
      photoType: q.photo_type,
      type: q.type,
    });
    const { generate, ...counts } = await worksRepo.counts(this.db, userId);
    return { list: rows.map((r) => presentWork(this.ctx, r.work, r.queuePosition)), total, generate, counts };
  }
}
