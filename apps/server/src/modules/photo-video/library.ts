import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MIN_SIDE, PHOTO_TYPE, UPLOAD_RULES, photoLibraryMessages, type Photo } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileRecords, type FileRow } from '../files/index.js';
import { workLedger } from '../works/index.js';
import { PHOTO_KIND } from './labels.js';
import { presentPhoto } from './present.js';
import { PHOTO_SOURCE, photosRepo, type PhotoRow } from './repo.js';

const m = photoLibraryMessages;

const nameRequired = (type: number) => (type === PHOTO_TYPE.pet ? m.petNameRequired : m.personNameRequired);
const imageRequired = (type: number) => (type === PHOTO_TYPE.pet ? m.petImageRequired : m.personImageRequired);

/** The picture rules of both libraries: png or jpg, at most 10 MB, shorter side at least 300 px. */
export function checkImageFile(file: FileRow | null, type: number): FileRow {
  if (!file) throw new AppError(imageRequired(type));
  if (file.kind !== 'image' || !/^image\/(png|jpeg)$/.test(file.mime)) throw new AppError(m.fileNotImage);
  if (file.size > UPLOAD_RULES.image.maxBytes) throw new AppError(m.imageTooLarge);
  if (Math.min(file.width, file.height) < IMAGE_MIN_SIDE) throw new AppError(m.imageTooSmall);
  return file;
}

export interface AddPhoto {
  name?: string;
  fileId?: number;
  type: number;
}

/** The person-image and pet libraries: public pictures, the caller's uploads, adding and deleting them. */
export class PhotoLibrary {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.database.db;
  }

  async list(
    userId: number,
    q: { source: string; type: number; page: number; limit: number; name?: string },
  ): Promise<{ list: Photo[]; hlist: Photo[]; slist: Photo[]; total: number }> {
    const { rows, total } = await photosRepo.page(this.db, {
      userId,
      source: Number(q.source),
      type: q.type,
      page: q.page,
      limit: q.limit,
      name: q.name?.trim() || undefined,
    });
    const list = rows.map((r) => presentPhoto(this.ctx, r));
    return {
      list,
      hlist: list.filter((p) => p.width > p.height),
      slist: list.filter((p) => p.width <= p.height),
      total,
    };
  }

  /** The caller's own upload (a registered image) joins their library of that type. */
  async add(userId: number, p: AddPhoto): Promise<number> {
    const name = this.checkName(p);
    const file = checkImageFile(p.fileId ? await fileRecords.owned(this.db, userId, p.fileId) : null, p.type);
    const row = await photosRepo.insert(this.db, {
      userId,
      type: p.type,
      source: PHOTO_SOURCE.own,
      name,
      fileId: file.id,
      imageKey: file.key,
      width: file.width,
      height: file.height,
    });
    return row.id;
  }

  /**
   * The operator's picture (uploaded and registered by the administrator) joins the public library:
   * copied to a public key, so it outlives the administrator's own files.
   */
  async addPublic(adminId: number, p: AddPhoto): Promise<number> {
    const name = this.checkName(p);
    const file = checkImageFile(p.fileId ? await fileRecords.owned(this.db, adminId, p.fileId) : null, p.type);
    const key = `public/photos/${randomUUID()}${path.posix.extname(file.key).toLowerCase() || '.jpg'}`;
    const scratch = await scratchDir(this.ctx.config.dataDir, `photo-public-${randomUUID()}`);
    try {
      const local = await this.ctx.storage.toLocalFile(file.key, scratch);
      try {
        await this.ctx.storage.putFile(key, local.path);
      } finally {
        await local.cleanup();
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    const row = await photosRepo.insert(this.db, {
      userId: null,
      type: p.type,
      source: PHOTO_SOURCE.public,
      name,
      imageKey: key,
      width: file.width,
      height: file.height,
    });
    return row.id;
  }

  /**
   * Only the caller's own uploads can be deleted. The upload it was made from goes too (its bytes given
   * back to the caller's storage, the object removed) unless something else still uses it: another
   * library entry, a material, or a video still being made from it.
   */
  async remove(userId: number, id: number): Promise<void> {
    const row = await photosRepo.find(this.db, id);
    if (!row || (row.userId !== null && row.userId !== userId)) throw new AppError(m.photoMissing);
    if (row.source !== PHOTO_SOURCE.own || row.userId !== userId) throw new AppError(m.onlyOwnDeletable);
    const freed = await this.db.transaction(async (tx) => {
      await photosRepo.remove(tx, row.id);
      const file = row.fileId === null ? null : await fileRecords.owned(tx, userId, row.fileId);
      if (!file || file.key !== row.imageKey || (await photosRepo.fileShared(tx, row))) return null;
      if (await workLedger.unfinishedUses(tx, PHOTO_KIND, 'imageKey', row.imageKey)) return null;
      return (await fileRecords.releaseUnlessShown(tx, file)) ? file.key : null;
    });
    if (freed) await fileRecords.removeObject(this.ctx, freed);
  }

  /** A picture the caller may make a video from: public, or their own upload. */
  async usable(userId: number, id: number): Promise<PhotoRow | null> {
    const row = await photosRepo.find(this.db, id);
    if (!row) return null;
    if (row.source === PHOTO_SOURCE.public ? row.userId !== null : row.userId !== userId) return null;
    return row;
  }

  private checkName(p: AddPhoto): string {
    const name = p.name?.trim();
    if (!name) throw new AppError(nameRequired(p.type));
    return name;
  }
}
