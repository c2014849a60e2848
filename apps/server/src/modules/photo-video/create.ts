import { randomUUID } from 'node:crypto';
import {
  photoLibraryMessages,
  SCRIPT_MAX,
  studioMessages,
  voiceMessages,
  type ParsedParamsOf,
  type saveWork,
} from '@app/contract';
import { rm } from 'node:fs/promises';
import { scratchDir } from '../../engines/index.js';
import { PhotoEngineError, type PhotoVideoEngine } from '../../engines/photo/index.js';
import { countScriptChars, estimateSpeechSeconds } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { creditLedger, holdWithHeadroom, submitPaidJob } from '../credits/index.js';
import type { UploadedFiles } from '../files/index.js';
import type { StudioVoices } from '../voices/index.js';
import { workLedger } from '../works/index.js';
import { usablePhotoChannel, type PhotoChannelRow } from './channels.js';
import { creditActionOf, PHOTO_KIND } from './labels.js';
import type { PhotoLibrary } from './library.js';
import type { PhotoParams } from './params.js';

export type SaveWorkParams = ParsedParamsOf<typeof saveWork>;

export interface PhotoVideoDeps {
  uploads: UploadedFiles;
  voices: StudioVoices;
}

/** Spec 001 §5: uploaded audio drives a video of 5 s to 30 min. */
const AUDIO_SECONDS = { min: 5, max: 30 * 60 };

const m = photoLibraryMessages;

/** Credits held for an estimate: whole seconds times the channel's price. */
export const creditsFor = (seconds: number, perSecond: number) => Math.max(1, Math.ceil(seconds - 0.001)) * perSecond;

interface Drive {
  mode: 'text' | 'audio';
  voiceId: number | null;
  script: string;
  audio: { fileId: number; key: string; seconds: number } | null;
  estimateSeconds: number;
}

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

  private async checkDrive(userId: number, p: SaveWorkParams): Promise<Drive> {
    if (p.material_audio_id) {
      const file = await this.deps.uploads.findOwned(this.db, userId, p.material_audio_id);
      if (!file) throw new AppError(studioMessages.audioFileRequired);
      if (file.kind !== 'voice') throw new AppError(studioMessages.audioFormat);
      if (file.duration < AUDIO_SECONDS.min || file.duration > AUDIO_SECONDS.max)
        throw new AppError(studioMessages.audioDuration);
      return {
        mode: 'audio',
        voiceId: null,
        script: '',
        audio: { fileId: file.id, key: file.key, seconds: file.duration },
        estimateSeconds: file.duration,
      };
    }
    const script = p.text ?? '';
    if (countScriptChars(script) === 0) throw new AppError(studioMessages.scriptRequired);
    if (!p.voice_id) throw new AppError(studioMessages.voiceRequired);
    const v = await this.deps.voices.find(this.db, p.voice_id);
    if (!v || (v.userId !== null && v.userId !== userId)) throw new AppError(voiceMessages.voiceMissing);
    if (v.generateStatus === 1) throw new AppError(voiceMessages.cloning);
    if (v.generateStatus === 3) throw new AppError(voiceMessages.cloneFailed);
    if (!this.ctx.engines.speech.isConfigured(v.api as 'local')) throw new AppError(voiceMessages.channelUnavailable);
    const max = v.api === 'nw' ? SCRIPT_MAX.nw : SCRIPT_MAX.default;
    if (countScriptChars(script) > max) throw new AppError(voiceMessages.scriptTooLong(max));
    return { mode: 'text', voiceId: v.id, script, audio: null, estimateSeconds: estimateSpeechSeconds(script) };
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
    const drive = await this.checkDrive(userId, p);
    const credits = holdWithHeadroom(
      creditsFor(drive.estimateSeconds, channel.credits),
      this.ctx.config.CREDIT_HOLD_HEADROOM_PERCENT,
    );
    const short = async () =>
      new AppError(studioMessages.notEnoughCredits(credits, await creditLedger(this.db).balance(userId)));
    if ((await creditLedger(this.db).balance(userId)) < credits) throw await short();
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
