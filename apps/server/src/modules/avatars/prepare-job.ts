import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AVATAR_FILES,
  AvatarEngineError,
  cutoutOf,
  avatarMessages,
  detectScreen,
  prepareAvatarMedia,
  type PreparedAvatar,
} from '../../engines/avatar/index.js';
import { studioMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { scratchDir } from '../../engines/index.js';
import { storageUsage } from '../storage-quota/index.js';
import { AVATAR_STATUS, avatarsRepo, type AvatarRow } from './repo.js';

/** The cover's person cut out, beside the cover. */
export const AVATAR_CUTOUT = 'cutout.png';

/** Where an avatar's derived files live: the owner's folder, or the public folder for demo actors. */
export function avatarPrefix(a: Pick<AvatarRow, 'id' | 'userId' | 'seedKey'>): string {
  return a.userId === null ? `public/actors/${a.seedKey ?? a.id}/` : `users/${a.userId}/avatars/${a.id}/`;
}

/** Runs the media preparation and every engine's per-avatar hook. */
async function prepareMedia(
  ctx: AppContext,
  a: AvatarRow,
  outDir: string,
  signal: AbortSignal,
): Promise<PreparedAvatar> {
  const source = await ctx.storage.toLocalFile(a.sourceKey, outDir);
  try {
    let prepared = await prepareAvatarMedia(source.path, outDir, { fileName: a.sourceName || a.sourceKey, signal });
    // Engines keep per-avatar data (landmarks, vendor person ids); each adds its own part.
    for (const engine of ctx.engines.avatar.engines())
      prepared = await engine.prepareAvatar(prepared, { signal, key: `avatar-${a.id}` });
    return prepared;
  } finally {
    await source.cleanup();
  }
}

/**
 * The clone job: safe to run again after a crash, since every file is rewritten whole and the
 * row only leaves "processing" once (the bytes are counted in that same transaction).
 */
export async function prepareAvatar(ctx: AppContext, avatarId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const a = await avatarsRepo.find(db, avatarId);
  if (!a || a.status !== AVATAR_STATUS.processing) return;
  const outDir = await scratchDir(ctx.config.dataDir, `avatar-${a.id}-${job.id}`);
  // Past its time budget the preparation's tools are stopped and the avatar fails; the queue moves on.
  const budget = AbortSignal.timeout(ctx.config.AVATAR_PREPARE_BUDGET_SECONDS * 1000);
  try {
    const signal = AbortSignal.any([job.signal, budget]);
    const prepared = await prepareMedia(ctx, a, outDir, signal);
    // A green or blue screen behind the presenter is found once, here: backdrops are offered for it.
    const screen = await detectScreen(prepared.mezzanine, prepared.duration, signal);
    // Any other presenter is matted for a backdrop; its cover's cutout shows it in the backdrop preview.
    const cutout = screen ? null : path.join(outDir, AVATAR_CUTOUT);
    if (cutout) await cutoutOf(prepared.cover, cutout, signal);
    // The live avatar's idle loop and mouth atlas are made at its first live use, off this path: most
    // avatars are never used live, and a second encode here would keep preparation from real time.
    const prefix = avatarPrefix(a);
    const keys = {
      mezzanineKey: prefix + AVATAR_FILES.mezzanine,
      reversedKey: prefix + AVATAR_FILES.reversed,
      coverKey: prefix + AVATAR_FILES.cover,
      coverSmallKey: prefix + AVATAR_FILES.coverSmall,
      ...(cutout ? { cutoutKey: prefix + AVATAR_CUTOUT } : {}),
    };
    const files = [
      prepared.mezzanine,
      prepared.reversed,
      prepared.cover,
      prepared.coverSmall,
      ...(cutout ? [cutout] : []),
    ];
    const stored = Object.values(keys).map((key, i): [string, string] => [key, files[i] as string]);
    let bytes = 0;
    for (const [key, file] of stored) {
      bytes += (await stat(file)).size;
      await ctx.storage.putFile(key, file);
    }
    await db.transaction(async (tx) => {
      const done = await avatarsRepo.finish(tx, a.id, {
        ...keys,
        status: AVATAR_STATUS.ready,
        failReason: '',
        width: prepared.width,
        height: prepared.height,
        duration: prepared.duration,
        fps: prepared.fps,
        frameCount: prepared.frameCount,
        hs: prepared.orientation,
        screen: screen?.key ?? '',
        screenColor: screen?.color ?? '',
        engineData: prepared.engineData,
        storedBytes: a.userId === null ? 0 : bytes,
      });
      if (done && a.userId !== null) await storageUsage.add(tx, a.userId, bytes);
    });
    await scheduleEngineRetries(ctx, a.id, prepared, 1);
  } catch (e) {
    if (job.signal.aborted) throw e;
    const reason = budget.aborted
      ? studioMessages.avatarPrepareTimeout
      : e instanceof AvatarEngineError
        ? e.message
        : avatarMessages.prepareFailed;
    job.log.warn({ err: e, avatarId }, 'avatar clone failed');
    await avatarsRepo.finish(db, a.id, { status: AVATAR_STATUS.failed, failReason: reason });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Clones a finished avatar row into the form engines take: local paths of its stored files. */
export async function preparedAvatarOf(ctx: AppContext, a: AvatarRow, scratch: string) {
  if (!a.mezzanineKey || !a.reversedKey) throw new AvatarEngineError('prepareFailed');
  const mezzanine = await ctx.storage.toLocalFile(a.mezzanineKey, scratch);
  const reversed = await ctx.storage.toLocalFile(a.reversedKey, scratch);
  const avatar: PreparedAvatar = {
    mezzanine: mezzanine.path,
    reversed: reversed.path,
    cover: path.join(scratch, AVATAR_FILES.cover),
    coverSmall: path.join(scratch, AVATAR_FILES.coverSmall),
    width: a.width,
    height: a.height,
    duration: a.duration,
    fps: a.fps,
    frameCount: a.frameCount,
    orientation: a.hs === 1 ? 1 : 2,
    engineData: a.engineData,
  };
  return { avatar, cleanup: async () => Promise.all([mezzanine.cleanup(), reversed.cleanup()]).then(() => undefined) };
}

/** Tries of an engine's failed part of an avatar after the first; the delay doubles each time. */
const ENGINE_RETRIES = 5;

/** Queues another try for each engine whose part of this avatar failed in a way that may pass. */
async function scheduleEngineRetries(
  ctx: AppContext,
  avatarId: number,
  prepared: Pick<PreparedAvatar, 'engineData'>,
  attempt: number,
): Promise<void> {
  if (attempt > ENGINE_RETRIES) return;
  for (const engine of ctx.engines.avatar.engines()) {
    if (!engine.retryPrepareLater?.(prepared)) continue;
    const delay = ctx.config.AVATAR_ENGINE_RETRY_SECONDS * 2 ** (attempt - 1);
    await ctx.queue.send('avatar.engine-retry', { avatarId, engine: engine.id, attempt }, { startAfter: delay });
  }
}

/**
 * Prepares one engine's part of a ready avatar again (e.g. trains the 蝉镜 person that could not be
 * trained while 蝉镜 was unreachable) and stores only that engine's data, so the rest of the row is
 * left as it is; still failing in a way that may pass, it is tried again later, a few times.
 */
export async function retryEnginePrepare(
  ctx: AppContext,
  { avatarId, engine: engineId, attempt }: { avatarId: number; engine: string; attempt: number },
  job: JobContext,
): Promise<void> {
  const db = ctx.database.db;
  const a = await avatarsRepo.find(db, avatarId);
  const engine = ctx.engines.avatar.engines().find((e) => e.id === engineId);
  // Deleted, or already fixed (or the engine is no longer configured): nothing to do.
  if (!a || a.status !== AVATAR_STATUS.ready || !engine?.retryPrepareLater?.(a)) return;
  const scratch = await scratchDir(ctx.config.dataDir, `avatar-retry-${a.id}-${job.id}`);
  try {
    const { avatar, cleanup } = await preparedAvatarOf(ctx, a, scratch);
    let prepared: PreparedAvatar;
    try {
      prepared = await engine.prepareAvatar(avatar, { signal: job.signal, key: `avatar-${a.id}` });
    } finally {
      await cleanup();
    }
    const part = prepared.engineData[engine.id];
    const fresh = await avatarsRepo.find(db, avatarId);
    if (!fresh || !part) return;
    await avatarsRepo.setEngineData(db, avatarId, { ...fresh.engineData, [engine.id]: part });
    if (engine.retryPrepareLater(prepared)) await scheduleEngineRetries(ctx, avatarId, prepared, attempt + 1);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
