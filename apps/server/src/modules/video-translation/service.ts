import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  filesMessages,
  UPLOAD_RULES,
  videoTranslateMessages as m,
  VIDEO_TRANSLATE_STEP_NAMES,
  type ParsedParamsOf,
  type listVideoTranslate,
  type submitVideoTranslate,
  type TranslateLanguage,
  type VideoTranslateRecord,
} from '@app/contract';
import { TRANSCRIPTION_CHANNEL } from '../../engines/index.js';
import { TEXT_CHANNEL } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { costLimits, costRefusal, measureStored } from '../../platform/media/cost-bounds.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { accountRows } from '../accounts/index.js';
import { ensureCredits } from '../billing/index.js';
import { creditsFor, submitWork } from '../producing/index.js';
import { uploadedFiles } from '../files/index.js';
import { WORK_STATUS, WORK_STATUS_NAMES, workLedger, worksGallery, type WorkRow } from '../works/index.js';
import { dubVoiceOf } from './dubbing.js';
import { channelKeyOf, TRANSLATE_KIND, TRANSLATE_LANGUAGES, TRANSLATE_WORK_TYPE } from './labels.js';
import { translateParamsOf, type TranslateParams } from './params.js';
import { channelState, resolveChannel } from '../../platform/channels/keeper.js';
import { translateChannelKind } from './repo.js';

/** Spec 001: uploaded videos run 5 s to 30 min (about 10 minutes advertised for translation). */
const SECONDS = { min: 5, max: 30 * 60 };

export const TRANSLATE_ENGINE_ID = 'video-translate';

/** What the page needs before an upload: usable languages, modes with prices, and whether it works at all. */
export async function translateOptions(ctx: AppContext) {
  const asr = ctx.engines.transcription;
  const configured = asr.isConfigured(TRANSCRIPTION_CHANNEL);
  const textReady = ctx.engines.text.isConfigured(TEXT_CHANNEL);
  const hears = configured ? asr.forChannel(TRANSCRIPTION_CHANNEL).languages : [];
  const dub = dubVoiceOf(ctx);
  const list: TranslateLanguage[] = TRANSLATE_LANGUAGES.map((l) => ({
    id: l.id,
    name: l.name,
    icon: l.icon,
    source: (hears as readonly string[]).includes(l.id),
    target: textReady && dub.speaks(l.id),
  })).filter((l) => l.source || l.target);
  // Mode 1 needs the lip-sync engine TRANSLATE_LIPSYNC_ENGINE names to be configured.
  const modes = (await translateChannelKind.all(ctx)).map((c) => ({
    mode: c.row.mode as 1 | 2,
    name: c.row.name,
    credits: c.price,
    available: channelState(ctx, translateChannelKind, c).state === 'ready',
  }));
  const reason = !configured ? m.notConfigured : !textReady ? m.textModelMissing : '';
  return { list, modes, configured: configured && textReady, reason };
}

const stepName = (row: WorkRow, p: TranslateParams) =>
  row.status === WORK_STATUS.done
    ? VIDEO_TRANSLATE_STEP_NAMES.done
    : row.status === WORK_STATUS.failed
      ? VIDEO_TRANSLATE_STEP_NAMES.failed
      : (VIDEO_TRANSLATE_STEP_NAMES[p.step as keyof typeof VIDEO_TRANSLATE_STEP_NAMES] ?? '');

export function presentTranslation(ctx: AppContext, row: WorkRow): VideoTranslateRecord {
  const p = translateParamsOf(row);
  const done = row.status === WORK_STATUS.done;
  const srt = (key: string | null, suffix: string) =>
    done ? fileUrl(ctx, key, { downloadName: `${row.name}${suffix}.srt` }) : '';
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    status_name: WORK_STATUS_NAMES[row.status] ?? '',
    step: stepName(row, p),
    progress: done ? 100 : row.progress,
    fail_reason: row.failReason,
    source_lang: p.sourceLang,
    target_lang: p.targetLang,
    mode: p.mode,
    subtitles: p.subtitles,
    duration: row.duration,
    credits: done ? row.creditsCharged : row.status === WORK_STATUS.failed ? 0 : row.creditsHeld,
    url: done ? fileUrl(ctx, row.videoKey, { downloadName: `${row.name}.mp4` }) : '',
    cover: done ? fileUrl(ctx, row.coverKey) : '',
    srt_url: srt(p.srtKey, `-${p.targetLang}`),
    source_srt_url: srt(p.sourceSrtKey, `-${p.sourceLang}`),
    drift: p.drift ?? 0,
    note: p.note ?? '',
    create_time: formatDateTime(row.createdAt),
  };
}

export class VideoTranslateService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.database.db;
  }

  async list(userId: number, q: ParsedParamsOf<typeof listVideoTranslate>) {
    const { rows, total } = await workLedger.pageOfKind(this.db, userId, TRANSLATE_KIND, q.page, q.limit);
    return { list: rows.map((r) => presentTranslation(this.ctx, r)), total };
  }

  async remove(userId: number, id: number): Promise<void> {
    const row = await workLedger.find(this.db, id, TRANSLATE_KIND);
    if (!row || row.userId !== userId) throw new AppError(m.recordMissing);
    if (row.status !== WORK_STATUS.done && row.status !== WORK_STATUS.failed) throw new AppError(m.notFinished);
    await worksGallery.remove(this.ctx, userId, id);
  }

  /**
   * The seconds the source really holds, read from its packets (its header is never charged): a file cut
   * short is refused as damaged, and a video past the cost bounds every heavy video passes is refused.
   */
  private async measureSource(userId: number, key: string): Promise<number> {
    const source = await measureStored(this.ctx, key);
    if (!source.info.video) throw new AppError(m.fileRule);
    const guest = (await accountRows.standing(this.db, userId))?.isTourist ?? true;
    const refused = costRefusal(source.info.video, source.seconds, costLimits(this.ctx.config, guest));
    if (refused) throw new AppError(refused);
    return source.seconds;
  }

  /** Checks in the order the page asks, each refusal with the spec's words; nothing is charged before all pass. */
  async submit(
    userId: number,
    p: ParsedParamsOf<typeof submitVideoTranslate>,
  ): Promise<{ id: number; credits: number }> {
    const options = await translateOptions(this.ctx);
    if (!options.configured) throw new AppError(options.reason);
    if (!p.file_id) throw new AppError(m.fileRequired);
    if (!p.source_lang) throw new AppError(m.sourceRequired);
    if (!p.target_lang) throw new AppError(m.targetRequired);
    const mode = p.mode === '1' ? 1 : p.mode === '2' ? 2 : null;
    if (!mode) throw new AppError(m.modeRequired);
    const file = await uploadedFiles.findOwned(this.db, userId, p.file_id);
    if (!file) throw new AppError(filesMessages.fileMissing);
    const ext = path.extname(file.key).slice(1).toLowerCase();
    if (file.kind !== 'video' || file.size > UPLOAD_RULES.video.maxBytes || !['mp4', 'mov'].includes(ext))
      throw new AppError(m.fileRule);
    const source = options.list.find((l) => l.id === p.source_lang);
    if (!source?.source) throw new AppError(m.sourceUnsupported);
    const target = options.list.find((l) => l.id === p.target_lang);
    if (!target?.target) throw new AppError(m.targetUnsupported);
    if (source.id === target.id) throw new AppError(m.sameLanguage);
    const channel = await resolveChannel(this.ctx, translateChannelKind, String(mode));
    const seconds = await this.measureSource(userId, file.key);
    if (!(seconds >= SECONDS.min && seconds <= SECONDS.max)) throw new AppError(m.tooLong);
    const credits = creditsFor(seconds, channel.price);
    await ensureCredits(this.db, userId, credits, m.notEnoughCredits);
    const name = p.name?.trim() || `${m.creditAction}-${target.name}`;
    return submitWork(this.ctx, {
      userId,
      short: m.notEnoughCredits,
      params: { ...p, mode },
      actionName: m.creditAction,
      open: (tx, submission) => {
        const params: Partial<TranslateParams> = {
          fileId: file.id,
          sourceKey: file.key,
          sourceLang: source.id,
          targetLang: target.id,
          mode,
          subtitles: p.subtitles ?? 0,
          creditsPerSecond: channel.price,
          // Held on, and later charged on, the length its packets span.
          sourceSeconds: seconds,
          step: 'queued',
          files: [],
        };
        return workLedger.open(tx, {
          userId,
          kind: TRANSLATE_KIND,
          type: TRANSLATE_WORK_TYPE,
          name: name.slice(0, 64),
          channel: channelKeyOf(mode),
          channelName: channel.row.name,
          engine: TRANSLATE_ENGINE_ID,
          // 1 landscape, 2 portrait: how the gallery frames the work.
          hs: (file.width ?? 0) >= (file.height ?? 0) ? 1 : 2,
          duration: seconds,
          creditsHeld: credits,
          jobKey: `translate:${randomUUID()}`,
          submission,
          params,
        });
      },
      queue: (row) => this.ctx.queue.send('translate.run', { workId: row.id }),
    });
  }
}
