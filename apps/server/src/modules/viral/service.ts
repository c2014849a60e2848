import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  COPY_KINDS,
  findShareLink,
  COZE_RUN_STATUS,
  COZE_SCENES_MAX,
  cozeScene,
  ipReport,
  VIRAL_STATUS,
  viralBeat,
  viralMessages as m,
  viralReport,
  viralTopic,
  type CopyKind,
  type CopyTrace,
  type CozeRun,
  type CozeScene,
  type IpReport,
  type ViralBeat,
  type ViralProject,
  type ViralReport,
  type ViralTopic,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { ensureCredits } from '../billing/index.js';
import { refundPaidJob, submitPaidJob } from '../producing/index.js';
import { extractionRuns } from '../extraction/index.js';
import { fileRecords } from '../files/index.js';
import { MultiSceneService, type MultiSceneDeps } from '../multi-scene/index.js';
import { billed, complete, modelPrice, parseAnswer } from './model.js';
import { readProfile } from './profile.js';
import { analysePrompt, copyPrompt, ipPrompt, mimicPrompt, topicPrompt, videoScriptPrompt } from './prompts.js';
import { viralRepo, type CopyRow, type ProjectRow, type RunRow } from './repo.js';

export interface ViralDeps extends MultiSceneDeps {
  /** Price of transcribing one analysed video. */
  transcribeCredits: (ctx: AppContext) => number | Promise<number>;
}

const beatsAnswer = z.object({ beats: z.array(viralBeat).min(1) });
const topicsAnswer = z.object({ topics: z.array(viralTopic).min(1) });
const scenesAnswer = z.object({ scenes: z.array(z.object({ text: z.string() })).min(1) });
const kindOf = (k: string): CopyKind => (COPY_KINDS as readonly string[]).find((x) => x === k) as CopyKind;

/**
 * `n` items from what the model gave: extra ones merged into the last, too few refused (the call is
 * then refunded) — a mimic keeps the original's beat count whatever the model did.
 */
export function fitCount<T extends { text: string }>(items: T[], n: number): T[] {
  if (items.length < n) throw new AppError(m.structureBroken);
  if (items.length === n) return items;
  const kept = items.slice(0, n);
  const last = kept[n - 1]!;
  kept[n - 1] = { ...last, text: [last.text, ...items.slice(n).map((i) => i.text)].join('') };
  return kept;
}

const trimmed = (s: string | undefined) => s?.trim() ?? '';

/** One paid model call in the creator's history (积分记录 of the viral tools), written with its charge. */
function trace(
  tx: Db,
  userId: number,
  kind: CopyKind,
  v: {
    projectId?: number;
    topic?: string;
    style?: string;
    input?: string;
    content: string;
    data?: unknown;
    credits: number;
  },
): Promise<CopyRow> {
  return viralRepo.insertCopy(tx, {
    userId,
    kind,
    projectId: v.projectId ?? null,
    topic: (v.topic ?? '').slice(0, 255),
    style: v.style ?? '',
    input: v.input ?? '',
    content: v.content,
    data: v.data ?? null,
    creditsCharged: v.credits,
  });
}

/** A pasted script analysed the way a video's transcript is, kept as a finished project (POST /api/text/analyse). */
export async function analysePastedText(
  ctx: AppContext,
  userId: number,
  p: { text?: string; title?: string },
): Promise<{ id: number; report: ViralReport }> {
  const text = trimmed(p.text);
  if (!text) throw new AppError(m.textRequired);
  const title = trimmed(p.title) || text.replace(/\s+/g, ' ').slice(0, 20);
  const { result: report, record: row } = await billed(
    ctx,
    userId,
    m.actionAnalyse,
    async (signal) => parseAnswer(await complete(ctx, analysePrompt(text, title), signal), viralReport),
    async (tx, report, credits) => {
      const row = await viralRepo.insertProject(tx, {
        userId,
        source: 'text',
        title,
        status: VIRAL_STATUS.done,
        step: m.stepDone,
        transcript: text,
        report,
        creditsHeld: credits,
        creditsCharged: credits,
      });
      await viralRepo.insertCopy(tx, {
        userId,
        kind: 'analyse',
        projectId: row.id,
        topic: title,
        input: text,
        content: reportText(report),
        data: report,
        creditsCharged: credits,
      });
      return row;
    },
  );
  return { id: row.id, report };
}

/** The viral tools as a creator would expect. */
export class ViralService {
  readonly db: Db;
  constructor(
    readonly ctx: AppContext,
    readonly deps: ViralDeps,
  ) {
    this.db = ctx.database.db;
  }

  /** What an analysed video holds besides the model's call: the transcription. */
  async videoHold(): Promise<number> {
    return (await modelPrice(this.ctx)) + (await this.deps.transcribeCredits(this.ctx));
  }

  // ---- projects -------------------------------------------------------------------------------

  /**
   * Starts the analysis of a viral video: the transcription and analysis price is held first, then the
   * link goes to a video extraction (its own checks and price); the job follows it from there.
   */
  async analyseVideo(userId: number, link: string | undefined): Promise<{ id: number }> {
    if (!link?.trim()) throw new AppError(m.linkRequired);
    const held = await this.videoHold();
    // 积分不足 refuses before the link goes to an extraction; the hold itself is taken with the row below.
    await ensureCredits(this.db, userId, held);
    const { row } = await submitPaidJob(this.db, {
      userId,
      params: { link },
      // Every analysis is its own order: a second one of the same link is a new project.
      findSame: async () => null,
      open: async (tx) => {
        const jobKey = `viral:${randomUUID()}`;
        const row = await viralRepo.insertProject(tx, {
          userId,
          source: 'video',
          // The link itself, not the share text around it.
          link: (findShareLink(link) ?? link.trim()).slice(0, 2048),
          step: m.stepExtract,
          jobKey,
          creditsHeld: held,
        });
        return { row, bill: { userId, jobKey, held, actionName: m.actionAnalyse } };
      },
    });
    let extractionId: number;
    try {
      extractionId = await extractionRuns.submitVideoLink(this.ctx, userId, link);
    } catch (e) {
      // The extraction refused the link (or its own price): the project goes with its hold, in one transaction.
      await this.db.transaction(async (tx) => {
        await viralRepo.removeProject(tx, userId, row.id);
        await refundPaidJob(tx, { jobKey: row.jobKey ?? '', held });
      });
      throw e;
    }
    await viralRepo.updateRunning(this.db, row.id, { extractionId });
    await this.ctx.queue.send('viral.analyse', { projectId: row.id });
    return { id: row.id };
  }

  async projects(userId: number, f: { page: number; limit: number; id?: number }) {
    const { rows, total } = await viralRepo.projects(this.db, userId, f);
    const keys = await fileRecords.keysByIds(
      this.db,
      rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
    );
    // Each analysed video's cover is the one its extraction stored: the video's own picture, else a frame of it.
    const covers = await extractionRuns.coverKeys(
      this.db,
      userId,
      rows.flatMap((r) => (r.extractionId ? [r.extractionId] : [])),
    );
    return {
      list: rows.map((r) =>
        this.presentProject(
          r,
          r.fileId ? keys.get(r.fileId) : undefined,
          r.extractionId ? covers.get(r.extractionId) : undefined,
        ),
      ),
      total,
    };
  }

  private presentProject(r: ProjectRow, key: string | undefined, coverKey?: string): ViralProject {
    const report = viralReport.safeParse(r.report);
    return {
      id: r.id,
      title: r.title || r.link,
      link: r.link,
      status: r.status,
      step: r.status === VIRAL_STATUS.failed ? r.failReason : r.step,
      fail_reason: r.failReason,
      transcript: r.transcript,
      duration: r.duration,
      video_url: key ? fileUrl(this.ctx, key) : '',
      cover: coverKey ? fileUrl(this.ctx, coverKey) : '',
      report: report.success ? report.data : null,
      credits: r.creditsCharged || r.creditsHeld,
      create_time: formatDateTime(r.createdAt),
    };
  }

  /** Deletes an analysis; a running one's hold comes back (its extraction, once done, stays in the library). */
  async removeProject(userId: number, id: number): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const removed = await viralRepo.removeProject(tx, userId, id);
      if (removed?.status === VIRAL_STATUS.running && removed.jobKey)
        await refundPaidJob(tx, { jobKey: removed.jobKey, held: removed.creditsHeld });
      return removed;
    });
    if (!row) throw new AppError(m.projectMissing);
  }

  private async analysed(userId: number, id: number): Promise<{ row: ProjectRow; report: ViralReport }> {
    const row = await viralRepo.ownedProject(this.db, userId, id);
    if (!row) throw new AppError(m.projectMissing);
    if (row.status === VIRAL_STATUS.running) throw new AppError(m.projectNotReady);
    const report = viralReport.safeParse(row.report);
    if (row.status !== VIRAL_STATUS.done || !report.success || !report.data.beats.length)
      throw new AppError(m.projectFailed);
    return { row, report: report.data };
  }

  /** A new script for the caller's topic with the analysed video's beats, one for one. */
  async mimic(
    userId: number,
    p: { id: number; topic?: string },
  ): Promise<{ id: number; beats: ViralBeat[]; script: string }> {
    const { row, report } = await this.analysed(userId, p.id);
    const topic = trimmed(p.topic);
    if (!topic) throw new AppError(m.topicRequired);
    const n = report.beats.length;
    const script = (beats: { text: string }[]) => beats.map((b) => b.text.trim()).join('\n');
    const { result: beats, record: copy } = await billed(
      this.ctx,
      userId,
      m.actionMimic,
      async (signal) => {
        let got = parseAnswer(
          await complete(this.ctx, mimicPrompt(report.beats, topic, report.hook), signal),
          beatsAnswer,
        );
        // One more try when the model lost the structure; what is over is merged, what is short refused.
        if (got.beats.length < n)
          got = parseAnswer(
            await complete(this.ctx, mimicPrompt(report.beats, topic, report.hook), signal),
            beatsAnswer,
          );
        return fitCount(got.beats, n);
      },
      (tx, beats, credits) =>
        trace(tx, userId, 'mimic', {
          projectId: row.id,
          topic,
          input: row.title,
          content: script(beats),
          data: beats,
          credits,
        }),
    );
    return { id: copy.id, beats, script: script(beats) };
  }

  // ---- account analysis and topics ------------------------------------------------------------

  async analyseIp(
    userId: number,
    p: { link?: string; text?: string },
  ): Promise<{ id: number; profile: string; report: IpReport }> {
    const pasted = trimmed(p.text);
    const link = trimmed(p.link);
    if (!link && !pasted) throw new AppError(m.profileRequired);
    let profile = pasted;
    if (link) {
      try {
        const page = await readProfile(this.ctx, link);
        profile = [`昵称：${page.nickname}`, `简介：${page.bio}`, `主页内容：${page.text}`, pasted]
          .filter(Boolean)
          .join('\n');
      } catch (e) {
        // Pasted text stands in for a page no resolver can read.
        if (!pasted) throw e;
      }
    }
    const { result: report, record: copy } = await billed(
      this.ctx,
      userId,
      m.actionIp,
      async (signal) => parseAnswer(await complete(this.ctx, ipPrompt(profile), signal), ipReport),
      (tx, report, credits) =>
        trace(tx, userId, 'ip', {
          topic: link.slice(0, 255),
          input: profile,
          content: [
            `账号定位：${report.positioning}`,
            `目标受众：${report.audience}`,
            `内容支柱：${report.pillars.join('、')}`,
            `人设风格：${report.style}`,
          ].join('\n'),
          data: report,
          credits,
        }),
    );
    return { id: copy.id, profile, report };
  }

  async topics(userId: number, p: { text?: string; count: number }): Promise<{ id: number; list: ViralTopic[] }> {
    const about = trimmed(p.text);
    if (!about) throw new AppError(m.profileRequired);
    const { result: list, record: copy } = await billed(
      this.ctx,
      userId,
      m.actionTopic,
      async (signal) => {
        const got = parseAnswer(await complete(this.ctx, topicPrompt(about, p.count), signal), topicsAnswer);
        return got.topics.slice(0, p.count);
      },
      (tx, list, credits) => {
        const content = list.map((t, i) => `${i + 1}. ${t.title}——${t.angle}`).join('\n');
        return trace(tx, userId, 'topic', { input: about, content, data: list, credits });
      },
    );
    return { id: copy.id, list };
  }

  // ---- copywriting ----------------------------------------------------------------------------

  async copy(
    userId: number,
    p: { action: 'generate' | 'rewrite' | 'polish'; topic?: string; text?: string; style: string; length: string },
  ): Promise<{ id: number; content: string }> {
    const topic = trimmed(p.topic);
    const text = trimmed(p.text);
    if (p.action === 'generate' && !topic) throw new AppError(m.topicRequired);
    if (p.action !== 'generate' && !text) throw new AppError(m.copyTextRequired);
    const { result: content, record: copy } = await billed(
      this.ctx,
      userId,
      m.actionCopy,
      (signal) =>
        complete(this.ctx, copyPrompt(p.action, { topic, text, style: p.style, length: Number(p.length) }), signal),
      (tx, content, credits) => trace(tx, userId, p.action, { topic, style: p.style, input: text, content, credits }),
    );
    return { id: copy.id, content };
  }

  async traces(
    userId: number,
    f: { page: number; limit: number; kind?: string },
  ): Promise<{ list: CopyTrace[]; total: number }> {
    const { rows, total } = await viralRepo.copies(this.db, userId, f);
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: kindOf(r.kind),
        topic: r.topic,
        style: r.style,
        input: r.input,
        content: r.content,
        credits: r.creditsCharged,
        create_time: formatDateTime(r.createdAt),
      })),
      total,
    };
  }

  async removeTrace(userId: number, id: number): Promise<void> {
    if (!(await viralRepo.removeCopy(this.db, userId, id))) throw new AppError(m.runMissing);
  }

  // ---- one-click viral video ------------------------------------------------------------------

  /** The caller's own or a public avatar, ready: what a scene may be given. */
  private async checkAvatars(userId: number, ids: number[]): Promise<void> {
    for (const id of ids) {
      const a = await avatarsRepo.find(this.db, id);
      if (!a || (a.userId !== null && a.userId !== userId) || a.status !== AVATAR_STATUS.ready)
        throw new AppError(m.avatarRequired);
    }
  }

  async draft(
    userId: number,
    p: { topic?: string; style: string; video_ids?: number[]; voice_id?: number; api?: string; scenes: number },
  ): Promise<CozeRun> {
    const topic = trimmed(p.topic);
    if (!topic) throw new AppError(m.topicRequired);
    const avatars = p.video_ids ?? [];
    if (!avatars.length) throw new AppError(m.avatarRequired);
    if (!p.voice_id) throw new AppError(m.voiceRequired);
    await this.checkAvatars(userId, avatars);
    const voiceId = p.voice_id;
    const { record: row } = await billed(
      this.ctx,
      userId,
      m.actionVideoScript,
      async (signal) => {
        const got = parseAnswer(
          await complete(this.ctx, videoScriptPrompt(topic, p.style, p.scenes), signal),
          scenesAnswer,
        );
        return fitCount(got.scenes, Math.min(p.scenes, got.scenes.length));
      },
      async (tx, lines, credits) => {
        const scenes: CozeScene[] = lines.map((l, i) => ({
          text: l.text.trim(),
          video_id: avatars[i % avatars.length]!,
          voice_id: voiceId,
        }));
        const row = await viralRepo.insertRun(tx, {
          userId,
          topic,
          style: p.style,
          api: trimmed(p.api),
          scenes,
          creditsCharged: credits,
        });
        await trace(tx, userId, 'video', {
          topic,
          style: p.style,
          content: scenes.map((s) => s.text).join('\n'),
          data: scenes,
          credits,
        });
        return row;
      },
    );
    return presentRun(row);
  }

  async runs(userId: number, f: { page: number; limit: number; id?: number }) {
    const { rows, total } = await viralRepo.runs(this.db, userId, f);
    return { list: rows.map(presentRun), total };
  }

  async removeRun(userId: number, id: number): Promise<void> {
    if (!(await viralRepo.removeRun(this.db, userId, id))) throw new AppError(m.runMissing);
  }

  /** The run's scenes (as edited) become one multi-scene work, through the composer's own rules and price. */
  async submitRun(
    userId: number,
    p: { id: number; name?: string; api?: string; scenes?: string },
  ): Promise<{ work_id: number; credits: number }> {
    const run = await viralRepo.ownedRun(this.db, userId, p.id);
    if (!run) throw new AppError(m.runMissing);
    if (run.status !== COZE_RUN_STATUS.draft) throw new AppError(m.runSubmitted);
    let scenes = z.array(cozeScene).parse(run.scenes);
    if (p.scenes !== undefined) {
      let raw: unknown;
      try {
        raw = JSON.parse(p.scenes);
      } catch {
        throw new AppError(m.scenesRequired);
      }
      const parsed = z.array(cozeScene).max(COZE_SCENES_MAX).safeParse(raw);
      if (!parsed.success) throw new AppError(m.scenesRequired);
      scenes = parsed.data.map((s) => ({ ...s, text: s.text.trim() })).filter((s) => s.text);
    }
    if (!scenes.length) throw new AppError(m.scenesRequired);
    const api = trimmed(p.api) || run.api;
    const made = await new MultiSceneService(this.ctx, this.deps).create(userId, {
      name: trimmed(p.name) || run.topic.slice(0, 64),
      api: (api || undefined) as never,
      drive_mode: 'serial',
      output_mode: 'video',
      content: JSON.stringify(
        scenes.map((s) => ({ type: 'text', text: s.text, video_id: s.video_id, voice_id: s.voice_id })),
      ),
    });
    await viralRepo.updateRun(this.db, run.id, { status: COZE_RUN_STATUS.submitted, workId: made.id, scenes, api });
    return { work_id: made.id, credits: made.credits };
  }
}

export function reportText(r: ViralReport): string {
  return [
    `开头钩子：${r.hook}`,
    ...r.beats.map((b, i) => `${i + 1}. ${b.title}：${b.text}`),
    `卖点：${r.selling_points.join('、')}`,
    `情绪：${r.emotions.join('、')}`,
    `爆款原因：${r.why}`,
  ].join('\n');
}

function presentRun(r: RunRow): CozeRun {
  const scenes = z.array(cozeScene).safeParse(r.scenes);
  return {
    id: r.id,
    topic: r.topic,
    style: r.style,
    api: r.api,
    scenes: scenes.success ? scenes.data : [],
    status: r.status,
    work_id: r.workId ?? 0,
    credits: r.creditsCharged,
    create_time: formatDateTime(r.createdAt),
  };
}
