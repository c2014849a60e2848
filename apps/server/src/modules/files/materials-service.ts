import {
  filesMessages,
  materialTypeOf,
  type FileType,
  type MaterialItem,
  type MaterialSource,
  type MaterialType,
  type ParsedParamsOf,
  type saveMaterial,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { AppError } from '../../platform/errors.js';
import { materialsRepo, type MaterialFilter, type MaterialWithFile } from './materials-repo.js';
import { filesRepo } from './repo.js';
import type { FilesService } from './service.js';

/**
 * Where saved extraction results come from. The tools feature supplies it: the finished record
 * `rid` of the caller, as a registered file of the wanted type, or null when there is none (yet).
 */
export interface ExtractionResults {
  fileOf(db: Db, userId: number, rid: number, type: MaterialType): Promise<number | null>;
}
export const noExtractionResults: ExtractionResults = { fileOf: () => Promise.resolve(null) };

type SaveParams = ParsedParamsOf<typeof saveMaterial>;
const EXTENSIONS: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'audio/mp4': '.m4a',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** "My materials": uploads and extraction results under a name, previewable and downloadable. */
export class MaterialsService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly extraction: ExtractionResults,
  ) {}

  async list(userId: number, filter: MaterialFilter): Promise<{ list: MaterialItem[]; total: number }> {
    const { rows, total } = await materialsRepo.list(this.db, userId, filter);
    return { list: rows.map((r) => this.item(r)), total };
  }

  private item({ material: m, file: f }: MaterialWithFile): MaterialItem {
    const url = this.files.urlOf(f.key);
    return {
      id: m.id,
      file_id: f.id,
      name: m.name,
      type: m.type as MaterialType,
      source: m.source as MaterialSource,
      url,
      cover: m.type === 'image' ? url : '',
      download_url: this.files.urlOf(f.key, `${m.name}${EXTENSIONS[f.mime] ?? ''}`),
      size: f.size,
      duration: f.duration,
      width: f.width,
      height: f.height,
      create_time: formatDateTime(m.createdAt),
    };
  }

  /**
   * Rename (`id`), register and save an upload in one step (`file_type` + `url`), save a file
   * registered before (`file_id`) or save an extraction result (`source=analyse`, `rid`).
   */
  async save(userId: number, p: SaveParams): Promise<{ result: { id: number }; msg: string }> {
    const name = p.name?.trim() ?? '';
    if (p.id) {
      if (!name) throw new AppError(filesMessages.nameRequired);
      const found = await materialsRepo.findOwned(this.db, userId, p.id);
      if (!found) throw new AppError(filesMessages.materialMissing);
      await materialsRepo.rename(this.db, p.id, name);
      return { result: { id: p.id }, msg: filesMessages.renamed };
    }
    if (p.source === 'analyse') {
      if (!p.rid || !p.type) throw new AppError(filesMessages.recordMissing);
      const fileId = await this.extraction.fileOf(this.db, userId, p.rid, p.type);
      if (!fileId) throw new AppError(filesMessages.recordMissing);
      const m = await materialsRepo.insert(this.db, {
        userId,
        fileId,
        type: p.type,
        name: name || String(p.rid),
        source: 'analyse',
        recordId: p.rid,
      });
      return { result: { id: m.id }, msg: filesMessages.savedForProcessing };
    }
    if (p.file_type || p.url) return this.registerAndSave(userId, p.file_type, p.url, name);
    if (!p.file_id) throw new AppError(filesMessages.saveNeedsFile);
    if (!name) throw new AppError(filesMessages.nameRequired);
    const file = await filesRepo.findOwned(this.db, userId, p.file_id);
    if (!file) throw new AppError(filesMessages.fileMissing);
    const type = materialTypeOf[file.kind as FileType];
    const m = await materialsRepo.insert(this.db, { userId, fileId: file.id, type, name, source: 'upload' });
    return { result: { id: m.id }, msg: filesMessages.saved };
  }

  /**
   * Registers an object posted to storage (probed, checked and charged like any upload) and saves it
   * under `name`. The two happen in one request, so however the browser fares, a registered file is
   * in the library; should the save fail, the registration is undone: record, quota and object.
   */
  private async registerAndSave(
    userId: number,
    fileType: FileType | undefined,
    url: string | undefined,
    name: string,
  ): Promise<{ result: { id: number }; msg: string }> {
    if (!fileType || !url) throw new AppError(filesMessages.saveNeedsFile);
    if (!name) throw new AppError(filesMessages.nameRequired);
    const registered = await this.files.complete(userId, fileType, url);
    try {
      const m = await materialsRepo.insert(this.db, {
        userId,
        fileId: registered.file_id,
        type: materialTypeOf[fileType],
        name,
        source: 'upload',
      });
      return { result: { id: m.id }, msg: filesMessages.saved };
    } catch (e) {
      await this.unregister(userId, registered.file_id).catch((cleanup: unknown) => {
        throw new AggregateError([e, cleanup], 'saving an upload failed and undoing its registration failed too');
      });
      throw e;
    }
  }

  /** Undoes a registration nothing shows yet: the record and its quota, then the object. */
  private async unregister(userId: number, fileId: number): Promise<void> {
    const file = await filesRepo.findOwned(this.db, userId, fileId);
    if (!file) return;
    await this.db.transaction((tx) => this.files.removeRecord(tx, file));
    await this.files.removeObject(file.key);
  }

  /** Removes the material; its file goes too (object and quota) unless another material still shows it. */
  async remove(userId: number, id: number): Promise<void> {
    const found = await materialsRepo.findOwned(this.db, userId, id);
    if (!found) throw new AppError(filesMessages.materialMissing);
    const fileGone = await this.db.transaction(async (tx) => {
      await materialsRepo.remove(tx, id);
      if (found.material.source !== 'upload' || (await materialsRepo.countForFile(tx, found.file.id)) > 0) return false;
      await this.files.removeRecord(tx, found.file);
      return true;
    });
    if (fileGone) await this.files.removeObject(found.file.key);
  }
}
