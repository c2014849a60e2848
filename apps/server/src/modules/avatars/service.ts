import path from 'node:path';
import { studioMessages, type Avatar } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { storageUsage } from '../storage-quota/index.js';
import { accountRows } from '../accounts/index.js';
import { checkPreparationCost } from './preparation-cost.js';
import type { StudioUploads } from './ports.js';
import { matteFileKeys } from './footage.js';
import { liveAvatarAssets, liveFileKeys } from './live-assets.js';
import { presentActor, presentAvatar } from './present.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from './repo.js';

export interface AvatarListQuery {
  source: '1' | '2';
  page: number;
  limit: number;
  name?: string;
  hs?: '1' | '2';
}

const splitByOrientation = (list: Avatar[]) => ({
  hlist: list.filter((a) => a.hs === 1),
  slist: list.filter((a) => a.hs === 2),
});

/** Avatar clones and public actors: listing, cloning and deleting, with owner checks. */
export class AvatarsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly uploads: StudioUploads,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Home page: ready public actors, one page of each orientation. */
  async publicActors(page: number, limit: number) {
    const q = { userId: null, onlyReady: true, page, limit };
    const [h, s] = await Promise.all([
      avatarsRepo.page(this.db, { ...q, hs: 1 }),
      avatarsRepo.page(this.db, { ...q, hs: 2 }),
    ]);
    return {
      hlist: h.rows.map((a) => presentActor(this.ctx, a)),
      slist: s.rows.map((a) => presentActor(this.ctx, a)),
      total: h.total + s.total,
    };
  }

  async list(userId: number, q: AvatarListQuery) {
    const own = q.source === '1';
    const { rows, total } = await avatarsRepo.page(this.db, {
      userId: own ? userId : null,
      onlyReady: !own,
      name: q.name?.trim() || undefined,
      hs: q.hs ? Number(q.hs) : undefined,
      page: q.page,
      limit: q.limit,
    });
    const list = rows.map((a) => presentAvatar(this.ctx, a));
    return {
      list,
      ...splitByOrientation(list),
      total,
      generate: own ? await avatarsRepo.countProcessing(this.db, userId) : 0,
    };
  }

  /**
   * Registers the clone and queues its preparation; the list shows it as processing until then.
   * The upload is probed first and refused when it would cost more than one preparation may
   * (see `checkPreparationCost`), or when the account already has its share in preparation. A user's
   * later avatars queue behind other users' first ones, so one account cannot hold up the others.
   */
  async create(userId: number, name: string, fileId: number, isTourist = false): Promise<number> {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(studioMessages.avatarNameRequired);
    const file = await this.uploads.findOwned(this.db, userId, fileId);
    if (!file) throw new AppError(studioMessages.avatarVideoRequired);
    if (file.kind !== 'video') throw new AppError(studioMessages.avatarVideoFormat);
    await checkPreparationCost(this.ctx, file.key, isTourist);
    const { config } = this.ctx;
    const share = isTourist ? config.AVATAR_PREPARING_PER_GUEST : config.AVATAR_PREPARING_PER_USER;
    const { row, ahead } = await this.db.transaction(async (tx) => {
      // The account row lock makes parallel creations count one after another.
      await accountRows.lock(tx, userId);
      const ahead = await avatarsRepo.countProcessing(tx, userId);
      if (ahead >= share) throw new AppError(studioMessages.avatarTooManyProcessing);
      const row = await avatarsRepo.insert(tx, {
        userId,
        name: trimmed,
        source: AVATAR_SOURCE.own,
        status: AVATAR_STATUS.processing,
        fileId: file.id,
        sourceKey: file.key,
        sourceName: path.posix.basename(file.key),
      });
      return { row, ahead };
    });
    // Higher runs first: each account's first avatar before anyone's second.
    await this.ctx.queue.send('avatar.prepare', { avatarId: row.id }, { priority: -ahead });
    return row.id;
  }

  /** The live avatar's loop, mouth atlas and meta: one of the user's own avatars or a public actor, built at first use. */
  liveAssets(userId: number, avatarId: number) {
    return liveAvatarAssets(this.ctx, userId, avatarId);
  }

  /** Only the owner deletes; derived files go with the row and their bytes are freed. */
  async remove(userId: number, id: number): Promise<void> {
    const a = await avatarsRepo.find(this.db, id);
    if (!a || a.userId !== userId || a.source !== AVATAR_SOURCE.own) throw new AppError(studioMessages.avatarMissing);
    await this.db.transaction(async (tx) => {
      await avatarsRepo.remove(tx, a.id);
      await storageUsage.release(tx, userId, a.storedBytes);
    });
    await this.removeDerived(a);
  }

  async removeDerived(a: AvatarRow): Promise<void> {
    for (const key of [a.mezzanineKey, a.reversedKey, a.coverKey, a.coverSmallKey, a.cutoutKey, ...matteFileKeys(a), ...liveFileKeys(a)]) {
      if (key)
        await this.ctx.storage
          .delete(key)
          .catch((err: unknown) => this.ctx.log.warn({ err, key }, 'avatar file could not be removed'));
    }
  }
}
