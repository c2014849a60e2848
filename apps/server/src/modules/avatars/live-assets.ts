import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { liveAtlasMeta, liveAvatarMessages, type LiveAtlasMeta, type LiveAvatarAssets } from '@app/contract';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID, type PreparedAvatar } from '../../engines/avatar/index.js';
import { scratchDir } from '../../engines/index.js';
import { buildLiveAtlas, LiveAtlasNoFace } from '../../engines/talking-face/live-atlas.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { storageUsage } from '../storage-quota/index.js';
import { liveFaceOf, liveKeysUnder } from './live-files.js';
import { avatarPrefix, preparedAvatarOf } from './prepare-job.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from './repo.js';

/**
 * The live avatar's assets (idle loop, mouth atlas, meta), made once per avatar and kept in storage
 * beside its mezzanine: at preparation when the lip-sync channel found its face (see prepare-job), else
 * the first time it is used live.
 */

const liveKeys = (a: Pick<AvatarRow, 'id' | 'userId' | 'seedKey'>) => liveKeysUnder(avatarPrefix(a));

/** Every stored file of the avatar's live assets (for removal with the avatar). */
export const liveFileKeys = (a: AvatarRow): string[] => {
  if (!a.liveKey) return [];
  const k = liveKeys(a);
  return [k.meta, k.loop, k.atlas];
};

/** Builds of this process under way, by avatar: a second first use waits for the first one's. */
const building = new Map<number, Promise<void>>();

/** Meta read back from storage, by meta key (a few KB each; the files never change once made). */
const metaCache = new Map<string, LiveAtlasMeta>();
const META_CACHE_MAX = 200;

/** The face track and mouth index of the avatar, from the lip-sync channel's data (found now when it has none). */
async function faceOf(ctx: AppContext, a: AvatarRow, avatar: PreparedAvatar, signal?: AbortSignal) {
  let face = liveFaceOf(a.engineData, a.frameCount);
  if (face === null) {
    const prepared = await createLipsyncEngine().prepareAvatar(avatar, { signal, key: `avatar-${a.id}` });
    const d = prepared.engineData[LIPSYNC_ENGINE_ID];
    if (!d) throw new Error('face tracking failed');
    // Kept, so the lip-sync channel does not look for the face again.
    const fresh = await avatarsRepo.find(ctx.database.db, a.id);
    if (fresh) await avatarsRepo.setEngineData(ctx.database.db, a.id, { ...fresh.engineData, [LIPSYNC_ENGINE_ID]: d });
    face = liveFaceOf(prepared.engineData, a.frameCount);
  }
  if (face === 'none' || face === null) throw new LiveAtlasNoFace('no face');
  return face;
}

/** Makes the assets from the avatar's mezzanine, stores them and records them, their bytes counted to the owner once. */
async function build(ctx: AppContext, a: AvatarRow, signal?: AbortSignal): Promise<void> {
  const scratch = await scratchDir(ctx.config.dataDir, `live-${a.id}-${Date.now()}`);
  try {
    const { avatar, cleanup } = await preparedAvatarOf(ctx, a, scratch);
    let files: { loop: string; atlas: string; meta: string };
    try {
      const { track, index } = await faceOf(ctx, a, avatar, signal);
      const out = path.join(scratch, 'live');
      await mkdir(out, { recursive: true });
      files = (await buildLiveAtlas(avatar, track, index, out, signal)).files;
    } finally {
      await cleanup();
    }
    const keys = liveKeys(a);
    let bytes = 0;
    for (const [file, key] of [
      [files.loop, keys.loop],
      [files.atlas, keys.atlas],
      [files.meta, keys.meta],
    ] as const) {
      bytes += (await stat(file)).size;
      await ctx.storage.putFile(key, file);
    }
    await ctx.database.db.transaction(async (tx) => {
      const first = await avatarsRepo.setLive(tx, a.id, keys.meta, a.userId === null ? 0 : bytes);
      if (first && a.userId !== null) await storageUsage.add(tx, a.userId, bytes);
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Builds the avatar's live assets unless it has them (once per avatar however many ask at the same time). */
async function ensureBuilt(ctx: AppContext, a: AvatarRow, signal?: AbortSignal): Promise<void> {
  if (a.liveKey) return;
  let run = building.get(a.id);
  if (!run) {
    run = build(ctx, a, signal).finally(() => building.delete(a.id));
    building.set(a.id, run);
  }
  await run;
}

async function readMeta(ctx: AppContext, key: string): Promise<LiveAtlasMeta> {
  const cached = metaCache.get(key);
  if (cached) return cached;
  const chunks: Buffer[] = [];
  for await (const c of await ctx.storage.read(key)) chunks.push(c as Buffer);
  const meta = liveAtlasMeta.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  if (metaCache.size >= META_CACHE_MAX) metaCache.delete(metaCache.keys().next().value!);
  metaCache.set(key, meta);
  return meta;
}

/**
 * The live avatar's assets (URLs of its loop and atlas, and the meta), built at first use. Refuses
 * with a Chinese message an avatar that is not ready or has no face to animate.
 */
export async function ensureLiveAssets(ctx: AppContext, a: AvatarRow, signal?: AbortSignal): Promise<LiveAvatarAssets> {
  if (a.status !== AVATAR_STATUS.ready || !a.mezzanineKey) throw new AppError(liveAvatarMessages.avatarNotReady);
  if (a.engineData[LIPSYNC_ENGINE_ID]?.noFace === true) throw new AppError(liveAvatarMessages.noFace);
  try {
    await ensureBuilt(ctx, a, signal);
  } catch (e) {
    if (e instanceof LiveAtlasNoFace) throw new AppError(liveAvatarMessages.noFace);
    ctx.log.warn({ err: e, avatarId: a.id }, 'live avatar assets could not be made');
    throw new AppError(liveAvatarMessages.buildFailed);
  }
  const keys = liveKeys(a);
  return { loop: fileUrl(ctx, keys.loop), atlas: fileUrl(ctx, keys.atlas), meta: await readMeta(ctx, keys.meta) };
}

/** Whether `userId` may use avatar `a` live: one of their own ready avatars, or a listed public actor. */
export function mayUseLive(a: AvatarRow, userId: number): boolean {
  if (a.userId === userId) return a.source !== AVATAR_SOURCE.public;
  return a.userId === null && a.source === AVATAR_SOURCE.public && a.hidden === 0;
}

/**
 * The live assets of avatar `avatarId` for `ownerId` (the signed-in user, or an embed key's owner):
 * refused with code 1 when it is neither theirs nor a public actor.
 */
export async function liveAvatarAssets(
  ctx: AppContext,
  ownerId: number,
  avatarId: number,
  signal?: AbortSignal,
): Promise<LiveAvatarAssets> {
  const a = await avatarsRepo.find(ctx.database.db, avatarId);
  if (!a || !mayUseLive(a, ownerId)) throw new AppError(liveAvatarMessages.avatarMissing);
  return ensureLiveAssets(ctx, a, signal);
}
