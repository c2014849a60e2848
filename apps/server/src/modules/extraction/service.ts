import { randomUUID } from 'node:crypto';
import {
  ANALYSE_STATUS,
  analyseMessages,
  filesMessages,
  findShareLink,
  UPLOAD_RULES,
  type AnalyseFree,
  type AnalyseRecord,
  type MaterialType,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { LinkRefusal, parseWebUrl, resolvePublic, type AddressPolicy } from '../../platform/security/public-address.js';
import { submitPaidJob } from '../producing/index.js';
import { fileRecords, uploadedFiles } from '../files/index.js';
import { refusalMessage } from './messages.js';
import { analyseRepo, type AnalyseKind, type AnalyseRow } from './repo.js';

/** Extractions one account may have running at once, video and audio together. */
export const MAX_RUNNING_PER_USER = 5;

const STATUS_NAME: Record<number, string> = {
  [ANALYSE_STATUS.processing]: analyseMessages.processing,
  [ANALYSE_STATUS.success]: analyseMessages.success,
  [ANALYSE_STATUS.failed]: analyseMessages.failed,
};

/** Midnight that began today, in the server's time zone: the free count starts again then. */
export const startOfToday = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

export const addressPolicy = (ctx: AppContext): AddressPolicy => ({
  allowedAddresses: ctx.config.TEST_ONLY_ALLOWED_LINK_ADDRESSES,
});

/** Video extraction from share links and audio extraction from links or uploads: records, free count, price. */
export class ExtractionService {
  private readonly db: Db;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
  }

  async list(
    userId: number,
    kind: AnalyseKind,
    f: { status?: number; page: number; limit: number },
  ): Promise<{ list: AnalyseRecord[]; total: number }> {
    const { rows, total } = await analyseRepo.list(this.db, userId, kind, f);
    const keys = await fileRecords.keysByIds(
      this.db,
      rows.flatMap((r) => (r.status === ANALYSE_STATUS.success && r.fileId ? [r.fileId] : [])),
    );
    return { list: rows.map((r) => this.present(r, r.fileId ? keys.get(r.fileId) : undefined)), total };
  }

  private present(r: AnalyseRow, fileKey: string | undefined): AnalyseRecord {
    const ext = r.kind === 'video' ? '.mp4' : '.m4a';
    const name = (r.description.slice(0, 15).trim() || `提取${r.id}`).replace(/[\\/:*?"<>|]/g, '_');
    return {
      id: r.id,
      status: r.status as AnalyseRecord['status'],
      status_name: STATUS_NAME[r.status] ?? analyseMessages.processing,
      type: r.sourceType === 2 ? 2 : 1,
      link: r.link,
      cover: r.coverKey ? fileUrl(this.ctx, r.coverKey) : '',
      desc: r.description,
      size: r.size,
      duration: r.duration,
      url: fileKey ? fileUrl(this.ctx, fileKey) : '',
      download_url: fileKey ? fileUrl(this.ctx, fileKey, { downloadName: `${name}${ext}` }) : '',
      fail_reason: r.failReason,
      credits: r.creditsCharged || r.creditsHeld,
      create_time: formatDateTime(r.createdAt),
    };
  }

  async free(userId: number, kind: AnalyseKind): Promise<AnalyseFree> {
    const perDay = this.ctx.config.EXTRACTION_FREE_PER_DAY;
    const used = await analyseRepo.freeUsedSince(this.db, userId, kind, startOfToday());
    return {
      free_times: Math.max(0, perDay - used),
      free_per_day: perDay,
      credits: this.ctx.config.EXTRACTION_CREDITS,
    };
  }

  /** A link found in what the user pasted, refused unless it is http(s) and leads to a public address. */
  async checkLink(pasted: string | undefined): Promise<string> {
    if (!pasted?.trim()) throw new AppError(analyseMessages.linkRequired);
    const link = findShareLink(pasted);
    if (!link) throw new AppError(analyseMessages.linkNotFound);
    try {
      const url = parseWebUrl(link);
      await resolvePublic(url.hostname, addressPolicy(this.ctx));
      return url.toString();
    } catch (e) {
      if (e instanceof LinkRefusal) throw new AppError(refusalMessage(e));
      throw e;
    }
  }

  async submitLink(userId: number, kind: AnalyseKind, pasted: string | undefined): Promise<number> {
    const link = await this.checkLink(pasted);
    return this.create(userId, kind, { sourceType: 1, link });
  }

  /** Audio from the caller's own uploaded video (mp4/mov under 500 MB). */
  async submitUpload(userId: number, fileId: number | undefined): Promise<number> {
    if (!fileId) throw new AppError(analyseMessages.fileRequired);
    const file = await uploadedFiles.findOwned(this.db, userId, fileId);
    if (!file) throw new AppError(filesMessages.fileMissing);
    if (file.kind !== 'video' || file.size > UPLOAD_RULES.video.maxBytes)
      throw new AppError(analyseMessages.localVideoRule);
    return this.create(userId, 'audio', { sourceType: 2, link: '', sourceFileId: file.id });
  }

  /**
   * Opens the record and holds its price in one transaction: free while the day's free extractions
   * last (nothing held), the configured price after them; refused with 积分不足 when short.
   */
  private async create(
    userId: number,
    kind: AnalyseKind,
    source: { sourceType: 1 | 2; link: string; sourceFileId?: number },
  ): Promise<number> {
    const { EXTRACTION_FREE_PER_DAY, EXTRACTION_CREDITS } = this.ctx.config;
    const sourceFileId = source.sourceFileId ?? null;
    const { row, fresh } = await submitPaidJob(this.db, {
      userId,
      params: { kind, ...source },
      // The same link (or upload) sent again while it is still processing is that one extraction.
      findSame: (tx, _submission, windowSeconds) =>
        analyseRepo.sameProcessing(tx, userId, kind, { link: source.link, sourceFileId }, windowSeconds),
      open: async (tx) => {
        if ((await analyseRepo.processingCount(tx, userId)) >= MAX_RUNNING_PER_USER)
          throw new AppError(analyseMessages.tooManyRunning);
        const used = await analyseRepo.freeUsedSince(tx, userId, kind, startOfToday());
        const free = used < EXTRACTION_FREE_PER_DAY;
        const held = free ? 0 : EXTRACTION_CREDITS;
        const record = await analyseRepo.insert(tx, {
          userId,
          kind,
          sourceType: source.sourceType,
          link: source.link,
          sourceFileId,
          free: free ? 1 : 0,
          creditsHeld: held,
          jobKey: `analyse:${randomUUID()}`,
        });
        return {
          row: record,
          bill: { userId, jobKey: record.jobKey, held, actionName: kind === 'video' ? '视频提取' : '音频提取' },
        };
      },
    });
    if (!fresh) return row.id;
    await this.ctx.queue.send('extraction.run', { recordId: row.id });
    return row.id;
  }

  /** Deletes a failed record of the caller's. */
  async remove(userId: number, kind: AnalyseKind, id: number): Promise<void> {
    const row = await analyseRepo.findOwned(this.db, userId, id, kind);
    if (!row) throw new AppError(analyseMessages.recordMissing);
    if (row.status !== ANALYSE_STATUS.failed) throw new AppError(analyseMessages.onlyFailedDeletable);
    await analyseRepo.remove(this.db, id);
  }
}

/** What the materials library saves: the finished record's file, when it is the caller's and of that type. */
export const extractionResults = {
  async fileOf(db: Db, userId: number, rid: number, type: MaterialType): Promise<number | null> {
    const kind = type === 'video' ? 'video' : type === 'audio' ? 'audio' : null;
    if (!kind) return null;
    const row = await analyseRepo.findOwned(db, userId, rid, kind);
    return row?.status === ANALYSE_STATUS.success ? row.fileId : null;
  },
};

/** Video extraction as another feature starts and follows it (the viral analysis): same checks, price and job. */
export const extractionRuns = {
  /** Checks the pasted link and opens a video extraction at its usual price; the record's id. */
  submitVideoLink: (ctx: AppContext, userId: number, pasted: string | undefined): Promise<number> =>
    new ExtractionService(ctx).submitLink(userId, 'video', pasted),
  /** Storage keys of the covers of the caller's extractions among `ids` (the video's picture, else a frame of it). */
  coverKeys: (db: Db, userId: number, ids: number[]): Promise<Map<number, string>> =>
    analyseRepo.coverKeys(db, userId, ids),
  /** The caller's video extraction record as far as it has come. */
  async video(db: Db, userId: number, id: number) {
    const row = await analyseRepo.findOwned(db, userId, id, 'video');
    if (!row) return null;
    return {
      status: row.status,
      fileId: row.status === ANALYSE_STATUS.success ? row.fileId : null,
      description: row.description,
      duration: row.duration,
      coverKey: row.coverKey,
      failReason: row.failReason,
    };
  },
};
