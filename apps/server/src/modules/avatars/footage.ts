import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MATTE_FILES,
  MATTE_GREEN,
  matteFootage,
  matteOnGreen,
  type AvatarVideoEngine,
  type PreparedAvatar,
} from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { storageUsage } from '../storage-quota/index.js';
import { avatarPrefix, preparedAvatarOf } from './prepare-job.js';
import { avatarsRepo, type AvatarRow } from './repo.js';

/** The screen the finishing pass keys out of a render: the avatar's own, or the matte's green. */
export interface FootageScreen {
  screen: string;
  screenColor: string;
}

/** The footage one render draws on, and how its result reaches the finishing pass. */
export interface RenderFootage {
  avatar: PreparedAvatar;
  screen: FootageScreen;
  /** The rendered file as the finishing pass takes it (matted onto green when the engine drew on its own copy). */
  finishable(rendered: string, signal?: AbortSignal): Promise<string>;
  cleanup(): Promise<void>;
}

/** Where the avatar's matted footage is kept: beside its mezzanine. */
const matteKeys = (a: AvatarRow) => ({
  forward: avatarPrefix(a) + MATTE_FILES.forward,
  reversed: avatarPrefix(a) + MATTE_FILES.reversed,
});

/**
 * The avatar's footage with its person matted onto green, as local files in `scratch`: made from the
 * mezzanine the first time and stored, its bytes counted to the owner once (a render that loses the
 * race to record it keeps its copy for itself); later renders fetch it.
 */
async function mattedFootage(ctx: AppContext, a: AvatarRow, mezzanine: string, scratch: string, signal?: AbortSignal) {
  const keys = matteKeys(a);
  if (a.matteKey) {
    const forward = await ctx.storage.toLocalFile(keys.forward, scratch);
    const reversed = await ctx.storage.toLocalFile(keys.reversed, scratch);
    return { forward: forward.path, reversed: reversed.path };
  }
  const dir = path.join(scratch, 'matte');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const made = await matteFootage(mezzanine, a.frameCount, dir, { signal });
  const bytes = (await stat(made.forward)).size + (await stat(made.reversed)).size;
  await ctx.storage.putFile(keys.reversed, made.reversed);
  await ctx.storage.putFile(keys.forward, made.forward);
  await ctx.database.db.transaction(async (tx) => {
    const first = await avatarsRepo.setMatte(tx, a.id, keys.forward, a.userId === null ? 0 : bytes);
    if (first && a.userId !== null) await storageUsage.add(tx, a.userId, bytes);
  });
  return made;
}

/**
 * The footage a render of `a` by `engine` draws on. An order with a backdrop behind an avatar not
 * recorded on a screen has its person matted: the engine is given the matted footage when it draws on
 * the footage it is given (its render is then already on green), else the render itself is matted.
 * Either way the finishing pass keys out green as it does for a screen-recorded avatar.
 */
export async function renderFootage(
  ctx: AppContext,
  a: AvatarRow,
  engine: Pick<AvatarVideoEngine, 'drawsGivenFootage'>,
  o: { backdrop: boolean; scratch: string; signal?: AbortSignal },
): Promise<RenderFootage> {
  const own = await preparedAvatarOf(ctx, a, o.scratch);
  const same = { screen: a.screen, screenColor: a.screenColor };
  if (!o.backdrop || a.screen) return { ...own, screen: same, finishable: async (f) => f };
  const screen = { screen: 'green', screenColor: MATTE_GREEN };
  if (!engine.drawsGivenFootage) {
    const finishable = async (rendered: string, signal?: AbortSignal) => {
      const out = path.join(path.dirname(rendered), `matted-${path.basename(rendered)}`);
      await matteOnGreen(rendered, out, { keepAudio: true, signal });
      return out;
    };
    return { ...own, screen, finishable };
  }
  try {
    const matted = await mattedFootage(ctx, a, own.avatar.mezzanine, o.scratch, o.signal);
    const avatar = { ...own.avatar, mezzanine: matted.forward, reversed: matted.reversed };
    return { avatar, cleanup: own.cleanup, screen, finishable: async (f) => f };
  } catch (e) {
    await own.cleanup();
    throw e;
  }
}

/** Every stored file of the avatar's matte (for removal with the avatar). */
export const matteFileKeys = (a: AvatarRow): string[] => {
  if (!a.matteKey) return [];
  const keys = matteKeys(a);
  return [keys.forward, keys.reversed];
};
