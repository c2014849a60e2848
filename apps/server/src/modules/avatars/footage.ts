import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AvatarEngineError,
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
 * Makes the avatar's footage with its person matted onto green from its mezzanine, stores it beside the
 * mezzanine and records it, its bytes counted to the owner once (a render that loses the race to
 * record it has stored the same files).
 */
async function makeMatte(ctx: AppContext, a: AvatarRow, scratch: string, signal?: AbortSignal): Promise<void> {
  if (!a.mezzanineKey) throw new AvatarEngineError('prepareFailed');
  const keys = matteKeys(a);
  const dir = path.join(scratch, 'matte');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const mezzanine = await ctx.storage.toLocalFile(a.mezzanineKey, dir);
  try {
    const made = await matteFootage(mezzanine.path, a.frameCount, dir, { signal });
    const bytes = (await stat(made.forward)).size + (await stat(made.reversed)).size;
    await ctx.storage.putFile(keys.reversed, made.reversed);
    await ctx.storage.putFile(keys.forward, made.forward);
    await ctx.database.db.transaction(async (tx) => {
      const first = await avatarsRepo.setMatte(tx, a.id, keys.forward, a.userId === null ? 0 : bytes);
      if (first && a.userId !== null) await storageUsage.add(tx, a.userId, bytes);
    });
  } finally {
    await mezzanine.cleanup();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The screen a render of `a` leaves for the finishing pass to key out: the avatar's own, or (matted for a backdrop) green. */
export const footageScreen = (a: Pick<AvatarRow, 'screen' | 'screenColor'>, backdrop: boolean): FootageScreen =>
  !backdrop || a.screen ? { screen: a.screen, screenColor: a.screenColor } : { screen: 'green', screenColor: MATTE_GREEN };

/**
 * The footage a render of `a` by `engine` draws on. An order with a backdrop behind an avatar not
 * recorded on a screen has its person matted: the engine is given the matted footage when it draws on
 * the footage it is given (its render is then already on green; the matte is made on first use), else
 * the render itself is matted. Either way the finishing pass keys out green as it does for a
 * screen-recorded avatar.
 */
export async function renderFootage(
  ctx: AppContext,
  a: AvatarRow,
  engine: Pick<AvatarVideoEngine, 'drawsGivenFootage'>,
  o: { backdrop: boolean; scratch: string; signal?: AbortSignal },
): Promise<RenderFootage> {
  const asIs = async (f: string) => f;
  const screen = footageScreen(a, o.backdrop);
  if (!o.backdrop || a.screen) return { ...(await preparedAvatarOf(ctx, a, o.scratch)), screen, finishable: asIs };
  if (!engine.drawsGivenFootage) {
    const finishable = async (rendered: string, signal?: AbortSignal) => {
      const out = path.join(path.dirname(rendered), `matted-${path.basename(rendered)}`);
      await matteOnGreen(rendered, out, { keepAudio: true, signal });
      return out;
    };
    return { ...(await preparedAvatarOf(ctx, a, o.scratch)), screen, finishable };
  }
  if (!a.matteKey) await makeMatte(ctx, a, o.scratch, o.signal);
  // The matted pair stands in for the mezzanine pair: same size, rate and frames.
  const keys = matteKeys(a);
  const matted = { ...a, mezzanineKey: keys.forward, reversedKey: keys.reversed };
  return { ...(await preparedAvatarOf(ctx, matted, o.scratch)), screen, finishable: asIs };
}

/** Every stored file of the avatar's matte (for removal with the avatar). */
export const matteFileKeys = (a: AvatarRow): string[] => {
  if (!a.matteKey) return [];
  const keys = matteKeys(a);
  return [keys.forward, keys.reversed];
};
