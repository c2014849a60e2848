import { randomUUID } from 'node:crypto';
import { studioMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type StudioUploads, AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import {
  creditActionOf,
  spokenParams,
  spokenWorkHold,
  submitWork,
  type OrderOptions,
} from '../producing/index.js';
import path from 'node:path';
import { workLedger } from '../works/index.js';
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

  /**
   * A new talking video. Orders from the open API may also ask for silence instead of speech
   * (`silenceSeconds`), a frame to fill (`canvas`), and a step of their own in the creating transaction.
   */
  async create(
    userId: number,
    p: SaveWorkParams,
    o: OrderOptions & { silenceSeconds?: number } = {},
  ): Promise<{ id: number; credits: number }> {
    const plan = await planWork(this.ctx, this.deps, userId, p, o.silenceSeconds);
    const { credits, short } = await spokenWorkHold(this.ctx, userId, plan.estimateSeconds, plan.channel.price);
    const avatar = plan.avatar ?? (await this.materialAvatar(userId, plan.material));
    const params: TalkingParams = {
      ...spokenParams(plan, p, plan.channel.price),
      ...plan.finish,
      avatarId: avatar.id,
      canvas: o.canvas ?? null,
    };
    return submitWork(this.ctx, {
      userId,
      short,
      params: { ...p, silence: o.silenceSeconds, canvas: o.canvas },
      actionName: creditActionOf(WORK_CREDIT_ACTION, o.origin),
      open: async (tx, submission) => {
        const row = await workLedger.open(tx, {
          userId,
          kind: TALKING_KIND,
          name: p.name?.trim() || studioMessages.defaultWorkName,
          channel: plan.channel.key,
          channelName: plan.channel.row.name,
          engine: plan.channel.engine.id,
          hs: avatar.hs,
          creditsHeld: credits,
          jobKey: `work:${randomUUID()}`,
          submission,
          params,
        });
        await o.onOpen?.(tx, row);
        return row;
      },
      queue: (row) => this.ctx.queue.send('work.render', { workId: row.id }),
    });
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
