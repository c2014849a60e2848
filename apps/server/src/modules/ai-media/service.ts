import { randomUUID } from 'node:crypto';
import {
  aiMediaMessages,
  AI_MEDIA_RULES,
  videoPriceKey,
  type GenerationPrice,
  type ImageRatio,
  type ImageRecord,
  type InspirationGroup,
  type RecommendedPrompt,
  type UserPreset,
  type VideoRecord,
} from '@app/contract';
import { activeChannel } from '../../engines/image/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { storageUsage } from '../storage-quota/index.js';
import { submitPaidJob } from '../producing/index.js';
import type { Price, PriceList } from '../../platform/db/price-list.js';
import { checkPicture } from './pictures.js';
import { aiImagePrices, aiVideoPrices } from './prices.js';
import { mediaRepo, promptRepo, type MediaKind, type MediaRow, type PromptKind } from './repo.js';

/** Orders one account may have waiting or running at once, pictures and videos together. */
export const MAX_RUNNING_PER_USER = 6;

export interface ImageOrder {
  text?: string;
  image?: string;
  ratio: ImageRatio;
  num: number;
}

export interface VideoOrder {
  type: 'text' | 'image';
  prompt?: string;
  negative_prompt?: string;
  cfg_scale?: number;
  mode: 'std' | 'pro';
  duration: '5' | '10';
  aspect_ratio: string;
  org_data?: string;
  image?: string;
  image_tail?: string;
  image_mode?: '1' | '2';
}

/** What a video record keeps of its order. */
interface VideoParams {
  prompt: string;
  negativePrompt: string;
  cfgScale: number;
  mode: 'std' | 'pro';
  duration: 5 | 10;
  aspectRatio: string;
  orgData: string;
  imageKey: string;
  imageTailKey: string;
}

interface ImageParams {
  prompt: string;
  ratio: ImageRatio;
  count: number;
  imageKey: string;
  /** The price of one picture when ordered (records before prices were editable lack it). */
  unitCredits?: number;
}

export const imageParamsOf = (row: MediaRow) => row.params as unknown as ImageParams;
export const videoParamsOf = (row: MediaRow) => row.params as unknown as VideoParams;

/** AI pictures and videos: orders, records, recommendations, inspiration words and presets. */
export class AiMediaService {
  private readonly db: Db;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
  }

  private url = (key: string) => fileUrl(this.ctx, key);

  imageService() {
    const channel = activeChannel(this.ctx.engines.image, this.ctx.config.AI_IMAGE_CHANNEL);
    return { available: channel !== null, message: channel ? '' : aiMediaMessages.imageUnavailable, channel };
  }

  videoService() {
    const channel = activeChannel(this.ctx.engines.videoGeneration, this.ctx.config.AI_VIDEO_CHANNEL);
    return { available: channel !== null, message: channel ? '' : aiMediaMessages.videoUnavailable, channel };
  }

  /** The operator's prices as the pages show them. */
  private async prices(list: PriceList): Promise<GenerationPrice[]> {
    return (await list.all(this.db, this.ctx.config)).map((p) => ({ api: p.api, credits: p.credits, enabled: p.enabled }));
  }

  /** The price an order is held at, read now (the operator may have just changed it). */
  private async price(list: PriceList, api: string): Promise<Price> {
    const price = await list.of(this.db, this.ctx.config, api);
    if (!price) throw new AppError(aiMediaMessages.videoOptionOff);
    return price;
  }

  // ---- records

  async listImages(userId: number, f: { page: number; limit: number }) {
    const { rows, total } = await mediaRepo.list(this.db, userId, { kind: 'image', type: 'text', ...f });
    const { channel: _c, ...service } = this.imageService();
    return {
      list: rows.map((r) => this.presentImage(r)),
      total,
      service: { ...service, prices: await this.prices(aiImagePrices) },
    };
  }

  async listVideos(userId: number, f: { type: 'text' | 'image'; page: number; limit: number }) {
    const { rows, total } = await mediaRepo.list(this.db, userId, { kind: 'video', ...f });
    const { channel: _c, ...service } = this.videoService();
    return {
      list: rows.map((r) => this.presentVideo(r)),
      total,
      service: { ...service, prices: await this.prices(aiVideoPrices) },
    };
  }

  private common(r: MediaRow) {
    return {
      id: r.id,
      status: r.status,
      fail_reason: r.failReason,
      credits: r.creditsCharged || r.creditsHeld,
      queue_position: r.queuePosition ?? 0,
      create_time: formatDateTime(r.createdAt),
    };
  }

  presentImage(r: MediaRow): ImageRecord {
    const p = imageParamsOf(r);
    return {
      ...this.common(r),
      url: r.status === 3 ? r.resultKeys.map(this.url) : [],
      text: p.prompt,
      ratio: p.ratio,
      num: p.count,
      image: this.url(p.imageKey),
    };
  }

  presentVideo(r: MediaRow): VideoRecord {
    const p = videoParamsOf(r);
    return {
      ...this.common(r),
      type: r.type === 'image' ? 'image' : 'text',
      prompt: p.prompt,
      negative_prompt: p.negativePrompt,
      cfg_scale: p.cfgScale,
      mode: p.mode,
      // The ordered length (5 or 10): what a reused order restores and what it was priced by.
      duration: p.duration,
      aspect_ratio: p.aspectRatio,
      image: this.url(p.imageKey),
      image_tail: this.url(p.imageTailKey),
      org_data: p.orgData,
      cover: this.url(r.coverKey),
      url: r.status === 3 ? this.url(r.resultKeys[0] ?? '') : '',
    };
  }

  // ---- orders

  async orderImage(userId: number, o: ImageOrder): Promise<number> {
    const prompt = o.text?.trim();
    if (!prompt) throw new AppError(aiMediaMessages.promptRequired);
    const { channel } = this.imageService();
    if (!channel) throw new AppError(aiMediaMessages.imageUnavailable);
    const engine = this.ctx.engines.image.forChannel(channel);
    let imageKey = '';
    if (o.image) {
      if (!engine.supportsReference) throw new AppError(aiMediaMessages.referenceUnsupported);
      imageKey = await checkPicture(this.ctx, userId, o.image, aiMediaMessages.imageTooLarge);
    }
    const price = await this.price(aiImagePrices, 'image');
    if (!price.enabled) throw new AppError(aiMediaMessages.imageOff);
    // The price per picture travels with the order: a result with fewer pictures is charged by it.
    const params: ImageParams = { prompt, ratio: o.ratio, count: o.num, imageKey, unitCredits: price.credits };
    return this.open(userId, {
      kind: 'image',
      type: 'text',
      channel,
      engine: engine.id,
      params,
      held: o.num * price.credits,
      actionName: 'AI图片',
    });
  }

  async orderVideo(userId: number, o: VideoOrder): Promise<number> {
    const prompt = o.prompt?.trim() ?? '';
    if (o.type === 'text' && !prompt) throw new AppError(aiMediaMessages.promptRequired);
    const price = await this.price(aiVideoPrices, videoPriceKey(o.mode, o.duration));
    if (!price.enabled)
      throw new AppError(o.mode === 'pro' ? aiMediaMessages.proUnavailable : aiMediaMessages.videoOptionOff);
    let imageKey = '';
    let imageTailKey = '';
    if (o.type === 'image') {
      if (!o.image)
        throw new AppError(
          o.image_mode === '2' ? aiMediaMessages.referenceRequired : aiMediaMessages.firstFrameRequired,
        );
      imageKey = await checkPicture(this.ctx, userId, o.image, aiMediaMessages.imageTooLarge);
      if (o.image_tail && o.image_mode !== '2')
        imageTailKey = await checkPicture(this.ctx, userId, o.image_tail, aiMediaMessages.imageTooLarge);
    }
    const { channel } = this.videoService();
    if (!channel) throw new AppError(aiMediaMessages.videoUnavailable);
    const engine = this.ctx.engines.videoGeneration.forChannel(channel);
    const duration = o.duration === '10' ? 10 : 5;
    const params: VideoParams = {
      prompt,
      negativePrompt: o.negative_prompt?.trim() ?? '',
      cfgScale: o.cfg_scale ?? AI_MEDIA_RULES.cfgDefault,
      mode: o.mode,
      duration,
      aspectRatio: o.aspect_ratio,
      orgData: o.org_data ?? '',
      imageKey,
      imageTailKey,
    };
    return this.open(userId, {
      kind: 'video',
      type: o.type,
      channel,
      engine: engine.id,
      params,
      held: price.credits,
      actionName: o.type === 'image' ? 'AI图生视频' : 'AI文生视频',
    });
  }

  /** Writes the record and holds its price in one transaction (积分不足 leaves nothing), then queues its job. */
  private async open(
    userId: number,
    o: {
      kind: MediaKind;
      type: string;
      channel: string;
      engine: string;
      params: object;
      held: number;
      actionName: string;
    },
  ): Promise<number> {
    const { row, fresh } = await submitPaidJob(this.db, {
      userId,
      params: { kind: o.kind, type: o.type, ...o.params },
      findSame: (tx, submission, windowSeconds) => mediaRepo.sameSubmission(tx, userId, submission, windowSeconds),
      open: async (tx, submission) => {
        if ((await mediaRepo.runningCount(tx, userId)) >= MAX_RUNNING_PER_USER)
          throw new AppError(aiMediaMessages.tooManyRunning);
        const record = await mediaRepo.insert(tx, {
          userId,
          kind: o.kind,
          type: o.type,
          channel: o.channel,
          engine: o.engine,
          params: o.params as Record<string, unknown>,
          creditsHeld: o.held,
          jobKey: `ai-${o.kind}:${randomUUID()}`,
          submission,
        });
        return { row: record, bill: { userId, jobKey: record.jobKey, held: o.held, actionName: o.actionName } };
      },
    });
    if (fresh) await this.ctx.queue.send('ai-media.generate', { recordId: row.id });
    return row.id;
  }

  /** Deletes a finished or failed record of the caller's, its stored results and their bytes. */
  async remove(userId: number, kind: MediaKind, id: number): Promise<void> {
    const row = await mediaRepo.findOwned(this.db, userId, id, kind);
    if (!row) throw new AppError(aiMediaMessages.recordMissing);
    if (row.status !== 3 && row.status !== 4) throw new AppError(aiMediaMessages.stillRunning);
    await this.db.transaction(async (tx) => {
      await mediaRepo.remove(tx, row.id);
      await storageUsage.release(tx, userId, row.storedBytes);
    });
    for (const key of [...row.resultKeys, row.coverKey].filter(Boolean))
      await this.ctx.storage.delete(key).catch((err: unknown) => this.ctx.log.warn({ err, key }, 'delete failed'));
  }

  // ---- prompts

  async recommend(kind: PromptKind): Promise<RecommendedPrompt[]> {
    const n = kind === 'image2video' ? AI_MEDIA_RULES.recommendCount.image2video : AI_MEDIA_RULES.recommendCount.text;
    const rows = await promptRepo.random(this.db, kind, n);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      image: this.url(r.imageKey),
      image_tail: this.url(r.imageTailKey),
      alt: r.alt,
    }));
  }

  async inspiration(): Promise<InspirationGroup[]> {
    const groups = await promptRepo.groups(this.db);
    return groups.map((g) => {
      const isMulti = g.isMulti === 0 ? 0 : 1;
      return {
        id: g.id,
        name: g.name,
        is_multi: isMulti,
        list: g.words.map((w) => ({ id: w.id, name: w.name, demo_url: this.url(w.demoKey), is_multi: isMulti })),
      };
    });
  }

  async presets(userId: number, search: string | undefined): Promise<UserPreset[]> {
    const rows = await promptRepo.presets(this.db, userId, search?.trim());
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      create_time: formatDateTime(r.createdAt),
    }));
  }

  /** A preset needs content; a title is required when the client sends one (empty) and made from the content otherwise. */
  async addPreset(userId: number, p: { title?: string; content?: string }): Promise<number> {
    const content = p.content?.trim();
    if (p.title !== undefined && !p.title.trim()) throw new AppError(aiMediaMessages.presetTitleRequired);
    if (!content) throw new AppError(aiMediaMessages.presetContentRequired);
    const title = p.title?.trim() || [...content].slice(0, 12).join('');
    return promptRepo.addPreset(this.db, userId, title, content);
  }

  async removePreset(userId: number, id: number): Promise<void> {
    if (!(await promptRepo.removePreset(this.db, userId, id))) throw new AppError(aiMediaMessages.presetMissing);
  }
}
