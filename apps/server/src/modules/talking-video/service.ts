import { randomUUID } from 'node:crypto';
import { studioMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type StudioUploads, AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import { submitPaidJob } from '../credits/index.js';
import path from 'node:path';
import { spokenWorkHold, workLedger } from '../works/index.js';
import { planWork, type SaveWorkParams, type WorkPlan } from './create-rules.js';
import { TALKING_KIND, WORK_CREDIT_ACTION } from './labels.js';
import type { TalkingParams } from './params.js';
import type { PhotoWorks, StudioVoices } from './ports.js';

export interface TalkingVideoDeps {
  uploads: StudioUploads;
  voices: StudioVoices;
  /** The producer of videos made from one picture: a save naming photo_id is its submission. */
  photoWorks?: PhotoWorks;
}

/** Talking-video works: submit (validate, estimate, reserve, queue). */
export class TalkingVideoService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: TalkingVideoDeps,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  async create(userId: number, p: SaveWorkParams): Promise<{ id: number; credits: number }> {
    const plan = await planWork(this.ctx, this.deps, userId, p);
    const { credits, short } = await spokenWorkHold(this.ctx, userId, plan.estimateSeconds, plan.channel.credits);
    const avatar = plan.avatar ?? (await this.materialAvatar(userId, plan.material));
    const engine = this.ctx.engines.avatar.forChannel(plan.channel.api).id;
    let made;
    try {
      made = await submitPaidJob(this.db, {
        userId,
        params: p,
        findSame: (tx, submission, windowSeconds) => workLedger.sameSubmission(tx, userId, submission, windowSeconds),
        open: async (tx, submission) => {
          const params: TalkingParams = {
            avatarId: avatar.id,
            mode: plan.mode,
            voiceId: plan.voiceId,
            script: plan.script,
            audioFileId: plan.audio?.fileId ?? null,
            // Audio mode: the upload is the speech step's output from the start (and stays the user's file).
            speechKey: plan.audio?.key ?? null,
            speechSeconds: plan.audio?.seconds ?? null,
            language: p.language ?? '',
            emotion: p.emotion ?? '',
            rate: p.rate ?? 1,
            volume: p.volume ?? 1,
            pitch: p.pitch ?? 1,
            estimateSeconds: plan.estimateSeconds,
            creditsPerSecond: plan.channel.credits,
            files: [],
          };
          const row = await workLedger.open(tx, {
            userId,
            kind: TALKING_KIND,
            name: p.name?.trim() || studioMessages.defaultWorkName,
            channel: plan.channel.api,
            channelName: plan.channel.name,
            engine,
            hs: avatar.hs,
            creditsHeld: credits,
            jobKey: `work:${randomUUID()}`,
            submission,
            params,
          });
          return { row, bill: { userId, jobKey: row.jobKey, held: credits, actionName: WORK_CREDIT_ACTION } };
        },
      });
    } catch (e) {
      if (e instanceof AppError) throw await short();
      throw e;
    }
    if (made.fresh) await this.ctx.queue.send('work.render', { workId: made.row.id });
    return { id: made.row.id, credits: made.row.creditsHeld };
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
}
