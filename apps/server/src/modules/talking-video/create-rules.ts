import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  filesMessages,
  studioMessages,
  type ParsedParamsOf,
  type saveWork,
} from '@app/contract';
import { AvatarEngineError, checkAvatarSource, checkChannelAvatar } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { scratchDir } from '../../engines/index.js';
import { type StudioUploads, AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import { checkSpokenDrive, type SpokenDrive } from '../works/index.js';
import { usableChannel, type VideoChannelRow } from './channels.js';
import type { StudioVoices } from './ports.js';

export type SaveWorkParams = ParsedParamsOf<typeof saveWork>;

/** A material-library video the work is made from: validated now, prepared as a hidden avatar. */
export interface MaterialSource {
  fileId: number;
  key: string;
  name: string;
  duration: number;
  hs: 1 | 2;
}

/** What a valid studio submission resolves to, before anything is written. */
export interface WorkPlan extends SpokenDrive {
  channel: VideoChannelRow;
  /** An avatar the user chose, or (material mode) null until the material's avatar row exists. */
  avatar: AvatarRow | null;
  material: MaterialSource | null;
}

async function checkAvatar(ctx: AppContext, userId: number, videoId: number | undefined): Promise<AvatarRow> {
  if (!videoId) throw new AppError(studioMessages.avatarRequired);
  const a = await avatarsRepo.find(ctx.database.db, videoId);
  if (!a || (a.userId !== null && a.userId !== userId)) throw new AppError(studioMessages.avatarMissing);
  if (a.status === AVATAR_STATUS.processing) throw new AppError(studioMessages.avatarProcessing);
  if (a.status !== AVATAR_STATUS.ready) throw new AppError(studioMessages.avatarFailed);
  return a;
}

/** A material video must pass the same rules as an avatar clone; checked on the stored file now. */
async function checkMaterialVideo(
  ctx: AppContext,
  uploads: StudioUploads,
  userId: number,
  fileId: number,
): Promise<MaterialSource> {
  const file = await uploads.findMaterialVideo(ctx.database.db, userId, fileId);
  if (!file || file.kind !== 'video') throw new AppError(filesMessages.materialMissing);
  // Passed these checks for an earlier work and is (being) prepared into its hidden avatar: its facts
  // are known, and the file is not fetched and probed again.
  const prepared = await avatarsRepo.findFromMaterial(ctx.database.db, userId, file.id);
  if (prepared && prepared.status !== AVATAR_STATUS.failed) {
    return {
      fileId: file.id,
      key: file.key,
      name: file.name,
      duration: prepared.status === AVATAR_STATUS.ready ? prepared.duration : file.duration,
      hs: prepared.hs === 1 ? 1 : 2,
    };
  }
  const scratch = await scratchDir(ctx.config.dataDir, `material-check-${randomUUID()}`);
  try {
    const local = await ctx.storage.toLocalFile(file.key, scratch);
    try {
      const checked = await checkAvatarSource(local.path, { fileName: path.posix.basename(file.key) });
      return {
        fileId: file.id,
        key: file.key,
        name: file.name,
        duration: checked.info.duration,
        hs: checked.displayWidth > checked.displayHeight ? 1 : 2,
      };
    } finally {
      await local.cleanup();
    }
  } catch (e) {
    if (e instanceof AvatarEngineError) throw new AppError(e.message);
    throw e;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The channel's engine must be able to render this avatar (e.g. 蝉镜 needs its trained person). */
function checkEngineReady(channel: string, avatar: AvatarRow, ctx: AppContext): void {
  const reason = ctx.engines.avatar.forChannel(channel).unusableReason?.(avatar);
  if (reason) throw new AppError(reason);
}

async function checkChannel(ctx: AppContext, api: string | undefined): Promise<VideoChannelRow> {
  if (!api) throw new AppError(studioMessages.channelMissing);
  const { row, configured } = await usableChannel(ctx, api);
  if (!row) throw new AppError(studioMessages.channelMissing);
  if (!configured) throw new AppError(studioMessages.channelUnavailable);
  return row;
}

/** Everything the studio checks before a work is accepted, each refusal with the spec's message. */
export async function planWork(
  ctx: AppContext,
  deps: { uploads: StudioUploads; voices: StudioVoices },
  userId: number,
  p: SaveWorkParams,
): Promise<WorkPlan> {
  const fromMaterial = !p.video_id && p.material_video_id !== undefined;
  const avatar = fromMaterial ? null : await checkAvatar(ctx, userId, p.video_id);
  const channel = await checkChannel(ctx, p.api);
  const material = fromMaterial ? await checkMaterialVideo(ctx, deps.uploads, userId, p.material_video_id ?? 0) : null;
  try {
    checkChannelAvatar(channel.api, { duration: avatar?.duration ?? material?.duration ?? 0 });
  } catch (e) {
    if (e instanceof AvatarEngineError) throw new AppError(studioMessages.gjDuration);
    throw e;
  }
  if (avatar) checkEngineReady(channel.api, avatar, ctx);
  return { channel, avatar, material, ...(await checkSpokenDrive(ctx, deps, userId, p)) };
}
