import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { avatarSecondsRefusal, filesMessages, studioMessages, type ParsedParamsOf, type saveWork } from '@app/contract';
import { AvatarEngineError, checkAvatarSource } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { costLimits, costRefusal, type PictureStream } from '../../platform/media/cost-bounds.js';
import { scratchDir } from '../../engines/index.js';
import { accountRows } from '../accounts/index.js';
import { type StudioUploads, AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import {
  checkFinish,
  checkRenderCost,
  checkSpokenDrive,
  type FinishOrder,
  type SpokenDrive,
} from '../producing/index.js';
import { resolveChannel } from '../../platform/channels/keeper.js';
import { videoChannelKind, type ResolvedVideoChannel } from './channels.js';
import type { StudioVoices } from './ports.js';

export type SaveWorkParams = ParsedParamsOf<typeof saveWork>;

/** A material-library video the work is made from: validated now, prepared as a hidden avatar. */
export interface MaterialSource {
  fileId: number;
  key: string;
  name: string;
  duration: number;
  hs: 1 | 2;
  /** Its picture (the work renders at it); zero while an earlier work's preparation has not measured it. */
  picture: PictureStream;
}

/** What a valid studio submission resolves to, before anything is written. */
export interface WorkPlan extends SpokenDrive {
  /** The channel's row, price, engine and rule, resolved once. */
  channel: ResolvedVideoChannel;
  /** An avatar the user chose, or (material mode) null until the material's avatar row exists. */
  avatar: AvatarRow | null;
  material: MaterialSource | null;
  /** The backdrop and music asked for, checked against the caller. */
  finish: FinishOrder;
}

/** An avatar the user may use (own or public); refused as missing otherwise (a stranger's, or none signed in). */
export async function visibleAvatar(ctx: AppContext, userId: number | null, videoId: number): Promise<AvatarRow> {
  const a = await avatarsRepo.find(ctx.database.db, videoId);
  if (!a || (a.userId !== null && a.userId !== userId)) throw new AppError(studioMessages.avatarMissing);
  return a;
}

/** An avatar still being prepared, or failed, goes through no channel. */
function avatarStateRefusal(avatar: AvatarRow): string | null {
  if (avatar.status === AVATAR_STATUS.processing) return studioMessages.avatarProcessing;
  return avatar.status === AVATAR_STATUS.ready ? null : studioMessages.avatarFailed;
}

/**
 * Why this avatar cannot go through this channel, in the user's words, or null when it can: still
 * being prepared or failed, outside the channel's avatar length (spec 001: gj 30–300 s), or the
 * channel's engine cannot render it (e.g. no clear face for lip-sync, no trained person).
 */
export function avatarRefusal(channel: ResolvedVideoChannel, avatar: AvatarRow): string | null {
  return (
    avatarStateRefusal(avatar) ??
    avatarSecondsRefusal(channel.rule.avatarSeconds, avatar.duration) ??
    channel.engine.unusableReason?.(avatar) ??
    null
  );
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
      picture: { width: prepared.width, height: prepared.height, fps: prepared.fps },
    };
  }
  const scratch = await scratchDir(ctx.config.dataDir, `material-check-${randomUUID()}`);
  try {
    const local = await ctx.storage.toLocalFile(file.key, scratch);
    try {
      const checked = await checkAvatarSource(local.path, { fileName: path.posix.basename(file.key) });
      // Prepared like an avatar upload, so bounded like one: the same floor and ceiling, before anything is held.
      const guest = (await accountRows.standing(ctx.database.db, userId))?.isTourist ?? true;
      const tooCostly = costRefusal(checked.video, checked.info.duration, costLimits(ctx.config, guest));
      if (tooCostly) throw new AppError(tooCostly);
      return {
        fileId: file.id,
        key: file.key,
        name: file.name,
        duration: checked.info.duration,
        hs: checked.displayWidth > checked.displayHeight ? 1 : 2,
        picture: checked.video,
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

/** Everything the studio checks before a work is accepted, each refusal with the spec's message. */
export async function planWork(
  ctx: AppContext,
  deps: { uploads: StudioUploads; voices: StudioVoices },
  userId: number,
  p: SaveWorkParams,
  silenceSeconds?: number,
): Promise<WorkPlan> {
  const fromMaterial = !p.video_id && p.material_video_id !== undefined;
  if (!fromMaterial && !p.video_id) throw new AppError(studioMessages.avatarRequired);
  const avatar = fromMaterial ? null : await visibleAvatar(ctx, userId, p.video_id ?? 0);
  const unready = avatar && avatarStateRefusal(avatar);
  if (unready) throw new AppError(unready);
  const channel = await resolveChannel(ctx, videoChannelKind, p.api);
  const material = fromMaterial ? await checkMaterialVideo(ctx, deps.uploads, userId, p.material_video_id ?? 0) : null;
  // The same reasons the channel list gives (its `unusable`), so a channel the studio offers is one that is taken.
  const refused = avatar
    ? avatarRefusal(channel, avatar)
    : avatarSecondsRefusal(channel.rule.avatarSeconds, material?.duration ?? 0);
  if (refused) throw new AppError(refused);
  const drive = await checkSpokenDrive(ctx, deps, userId, { ...p, silence_seconds: silenceSeconds });
  // Any presenter takes a backdrop: one not filmed on a screen is matted when rendered.
  const finish = await checkFinish(ctx, deps.uploads, userId, p, true);
  // The avatar (or material) is rendered for as long as the work speaks: a long recording is a heavy input too.
  const picture = avatar ?? material?.picture;
  if (picture) await checkRenderCost(ctx, userId, [{ picture, seconds: drive.estimateSeconds }]);
  return { channel, avatar, material, finish, ...drive };
}
