import { randomUUID } from 'node:crypto';
import {
  photoLibraryMessages,
  studioMessages,
  type ParsedParamsOf,
  type saveWork,
} from '@app/contract';
import { rm } from 'node:fs/promises';
import { scratchDir } from '../../engines/index.js';
import { PhotoEngineError, type PhotoVideoEngine } from '../../engines/photo/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { submitPaidJob } from '../credits/index.js';
import type { UploadedFiles } from '../files/index.js';
import type { StudioVoices } from '../voices/index.js';
import { checkSpokenDrive, spokenWorkHold, workLedger } from '../works/index.js';
import { usablePhotoChannel, type PhotoChannelRow } from './channels.js';
import { creditActionOf, PHOTO_KIND } from './labels.js';
import type { PhotoLibrary } from './library.js';
import type { PhotoParams } from './params.js';

export type SaveWorkParams = ParsedParamsOf<typeof saveWork>;

export interface PhotoVideoDeps {
  uploads: UploadedFiles;
  voices: StudioVoices;
}


const m = photoLibraryMessages;

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

  private async checkChannel(api: string | undefined): Promise<PhotoChannelRow> {
    if (!api) throw new AppError(m.photoChannelMissing);
    const { row, configured } = await usablePhotoChannel(this.ctx, api);
    if (!row) throw new AppError(m.photoChannelMissing);
    if (!configured) throw new AppError(m.photoChannelUnavailable);
    return row;
  }

  /** A remote channel's own rules for the picture (one face, face size…), checked before anything is spent. */
  private async checkPicture(engine: PhotoVideoEngine, imageKey: string): Promise<void> {
    if (!engine.checkImage) return;
    const scratch = await scratchDir(this.ctx.config.dataDir, `photo-check-${randomUUID()}`);
    try {
      const local = await this.ctx.storage.toLocalFile(imageKey, scratch);
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

  async create(userId: number, p: SaveWorkParams): Promise<{ id: number; credits: number }> {
    const photo = p.photo_id ? await this.library.usable(userId, p.photo_id) : null;
    if (!photo) throw new AppError(p.photo_id ? m.photoMissing : m.personRequired);
    const channel = await this.checkChannel(p.api);
    const drive = await checkSpokenDrive(this.ctx, this.deps, userId, p);
    const { credits, short } = await spokenWorkHold(this.ctx, userId, drive.estimateSeconds, channel.credits);
    const engine = this.ctx.engines.photo.forChannel(channel.api);
    await this.checkPicture(engine, photo.imageKey);
    let made;
    try {
      made = await submitPaidJob(this.db, {
        userId,
        params: p,
        findSame: (tx, submission, windowSeconds) => workLedger.sameSubmission(tx, userId, submission, windowSeconds),
        open: async (tx, submission) => {
          const params: PhotoParams = {
            photoId: photo.id,
            photoType: photo.type,
            imageKey: photo.imageKey,
            mode: drive.mode,
            voiceId: drive.voiceId,
            script: drive.script,
            audioFileId: drive.audio?.fileId ?? null,
            speechKey: drive.audio?.key ?? null,
            speechSeconds: drive.audio?.seconds ?? null,
            language: p.language ?? '',
            emotion: p.emotion ?? '',
            rate: p.rate ?? 1,
            volume: p.volume ?? 1,
            pitch: p.pitch ?? 1,
            estimateSeconds: drive.estimateSeconds,
            creditsPerSecond: channel.credits,
            faceAnimated: null,
            note: null,
            files: [],
          };
          const row = await workLedger.open(tx, {
            userId,
            kind: PHOTO_KIND,
            name: p.name?.trim() || studioMessages.defaultWorkName,
            channel: channel.api,
            channelName: channel.name,
            engine: engine.id,
            hs: photo.width > photo.height ? 1 : 2,
            photoType: photo.type,
            creditsHeld: credits,
            jobKey: `photo:${randomUUID()}`,
            submission,
            params,
          });
          return { row, bill: { userId, jobKey: row.jobKey, held: credits, actionName: creditActionOf(photo.type) } };
        },
      });
    } catch (e) {
      if (e instanceof AppError) throw await short();
      throw e;
    }
    if (made.fresh) await this.ctx.queue.send('photo.render', { workId: made.row.id });
    return { id: made.row.id, credits: made.row.creditsHeld };
  }
}
