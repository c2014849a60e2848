import { randomUUID } from 'node:crypto';
import { finishMessages, photoLibraryMessages, studioMessages, type ParsedParamsOf, type saveWork } from '@app/contract';
import { rm } from 'node:fs/promises';
import { scratchDir } from '../../engines/index.js';
import { PhotoEngineError, type PhotoVideoEngine } from '../../engines/photo/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PROCESSED_FPS } from '../../platform/media/cost-bounds.js';
import {
  checkFinish,
  checkRenderCost,
  checkSpokenDrive,
  creditActionOf as orderAction,
  spokenParams,
  spokenWorkHold,
  submitWork,
  type OrderOptions,
  type RenderSpan,
} from '../producing/index.js';
import type { UploadedFiles } from '../files/index.js';
import type { StudioVoices } from '../voices/index.js';
import { workLedger } from '../works/index.js';
import { resolveChannel } from '../../platform/channels/keeper.js';
import { photoChannelKind } from './channels.js';
import { creditActionOf, PHOTO_KIND } from './labels.js';
import type { PhotoLibrary } from './library.js';
import type { PhotoParams } from './params.js';
import type { PhotoRow } from './repo.js';

export type SaveWorkParams = ParsedParamsOf<typeof saveWork>;

export interface PhotoVideoDeps {
  uploads: UploadedFiles;
  voices: StudioVoices;
}

const m = photoLibraryMessages;

/** A remote channel's own rules for the picture (one face, face size…), checked before anything is spent. */
export async function checkPhotoPicture(ctx: AppContext, engine: PhotoVideoEngine, imageKey: string): Promise<void> {
  if (!engine.checkImage) return;
  const scratch = await scratchDir(ctx.config.dataDir, `photo-check-${randomUUID()}`);
  try {
    const local = await ctx.storage.toLocalFile(imageKey, scratch);
    try {
      await engine.checkImage(local.path);
    } finally {
      await local.cleanup();
    }
  } catch (e) {
    if (e instanceof PhotoEngineError) throw new AppError(e.message);
    throw e;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The clip an engine makes of a picture for as long as the speech lasts: what its render cost is bounded by. */
export const photoRenderSpan = (engine: PhotoVideoEngine, photo: PhotoRow, seconds: number): RenderSpan => ({
  picture: engine.clipPicture?.(photo) ?? { width: photo.width, height: photo.height, fps: PROCESSED_FPS },
  seconds,
});

/** Photo videos (pet videos, photo-speak): submit = validate, estimate, reserve, queue. */
export class PhotoVideoService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PhotoVideoDeps,
    private readonly library: PhotoLibrary,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /**
   * A new photo video. Orders from the open API may also ask for silence instead of speech
   * (`silenceSeconds`), a frame to fill (`canvas`), and a step of their own in the creating transaction.
   */
  async create(
    userId: number,
    p: SaveWorkParams,
    o: OrderOptions & { silenceSeconds?: number } = {},
  ): Promise<{ id: number; credits: number }> {
    const photo = p.photo_id ? await this.library.usable(userId, p.photo_id) : null;
    if (!photo) throw new AppError(p.photo_id ? m.photoMissing : m.personRequired);
    const channel = await resolveChannel(this.ctx, photoChannelKind, p.api);
    const drive = await checkSpokenDrive(this.ctx, this.deps, userId, { ...p, silence_seconds: o.silenceSeconds });
    // A picture has no screen to key out: music only.
    const finish = await checkFinish(this.ctx, this.deps.uploads, userId, p, finishMessages.backgroundNotForPhoto);
    // The clip is the picture moving for as long as the speech lasts: bounded like any heavy video.
    await checkRenderCost(this.ctx, userId, [photoRenderSpan(channel.engine, photo, drive.estimateSeconds)]);
    const { credits, short } = await spokenWorkHold(this.ctx, userId, drive.estimateSeconds, channel.price);
    const engine = channel.engine;
    await checkPhotoPicture(this.ctx, engine, photo.imageKey);
    const params: PhotoParams = {
      ...spokenParams(drive, p, channel.price),
      ...finish,
      photoId: photo.id,
      photoType: photo.type,
      imageKey: photo.imageKey,
      faceAnimated: null,
      note: null,
      canvas: o.canvas ?? null,
    };
    return submitWork(this.ctx, {
      userId,
      short,
      params: { ...p, silence: o.silenceSeconds, canvas: o.canvas },
      actionName: orderAction(creditActionOf(photo.type), o.origin),
      open: async (tx, submission) => {
        const row = await workLedger.open(tx, {
          userId,
          kind: PHOTO_KIND,
          name: p.name?.trim() || studioMessages.defaultWorkName,
          channel: channel.key,
          channelName: channel.row.name,
          engine: engine.id,
          hs: photo.width > photo.height ? 1 : 2,
          photoType: photo.type,
          creditsHeld: credits,
          jobKey: `photo:${randomUUID()}`,
          submission,
          params,
        });
        await o.onOpen?.(tx, row);
        return row;
      },
      queue: (row) => this.ctx.queue.send('photo.render', { workId: row.id }),
    });
  }
}
