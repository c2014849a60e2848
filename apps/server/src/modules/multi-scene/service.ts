import { randomInt, randomUUID } from 'node:crypto';
import {
  MULTI_CREDITS_PER_SECOND,
  MULTI_SCENES_MAX,
  MULTI_SCRIPT_TOTAL_MAX,
  multiSceneContent,
  multiSceneMessages as m,
  studioMessages,
  type ParsedParamsOf,
  type saveMultiWork,
} from '@app/contract';
import { AvatarEngineError, checkChannelAvatar } from '../../engines/avatar/index.js';
import { countScriptChars, stripPauseTags } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import { submitPaidJob } from '../credits/index.js';
import { usableChannel, type VideoChannelRow } from '../talking-video/index.js';
import type { StudioVoices } from '../voices/index.js';
import { checkSpokenDrive, type DriveUploads, spokenWorkHold, workLedger } from '../works/index.js';
import { MULTI_KIND } from './labels.js';
import type { MultiParams } from './params.js';
import { scenesRepo, type NewSceneRow } from './repo.js';

export type SaveMultiWorkParams = ParsedParamsOf<typeof saveMultiWork>;

export interface MultiSceneDeps {
  uploads: DriveUploads;
  voices: StudioVoices;
}

/** One scene as checked against the caller: what its job will read. */
type PlannedScene = Omit<NewSceneRow, 'workId'>;

/** Serial keeps the list's order; random shuffles it once (Fisher–Yates) and the work records it. */
export function sceneOrder(n: number, mode: 'serial' | 'random'): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  if (mode === 'random')
    for (let i = n - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  return order;
}

function parseContent(content: string | undefined) {
  if (!content?.trim()) throw new AppError(m.scenesRequired);
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    throw new AppError(m.contentInvalid);
  }
  const parsed = multiSceneContent.safeParse(raw);
  if (!parsed.success) throw new AppError(m.contentInvalid);
  if (parsed.data.length === 0) throw new AppError(m.scenesRequired);
  if (parsed.data.length > MULTI_SCENES_MAX) throw new AppError(m.tooManyScenes(MULTI_SCENES_MAX));
  return parsed.data;
}

/** Multi-scene works: submit = check every scene against the caller, estimate, reserve, fan out. */
export class MultiSceneService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: MultiSceneDeps,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  private async checkChannel(api: string | undefined): Promise<VideoChannelRow> {
    if (!api) throw new AppError(studioMessages.channelMissing);
    const { row, configured } = await usableChannel(this.ctx, api);
    if (!row) throw new AppError(studioMessages.channelMissing);
    if (!configured) throw new AppError(studioMessages.channelUnavailable);
    return row;
  }

  /** The studio's avatar rules: the caller's own or a public avatar, ready, fit for the channel. */
  private async checkAvatar(userId: number, videoId: number | undefined, channel: VideoChannelRow): Promise<AvatarRow> {
    if (!videoId) throw new AppError(studioMessages.avatarRequired);
    const a = await avatarsRepo.find(this.db, videoId);
    if (!a || (a.userId !== null && a.userId !== userId)) throw new AppError(studioMessages.avatarMissing);
    if (a.status === AVATAR_STATUS.processing) throw new AppError(studioMessages.avatarProcessing);
    if (a.status !== AVATAR_STATUS.ready) throw new AppError(studioMessages.avatarFailed);
    try {
      checkChannelAvatar(channel.api, { duration: a.duration });
    } catch (e) {
      if (e instanceof AvatarEngineError) throw new AppError(studioMessages.gjDuration);
      throw e;
    }
    const reason = this.ctx.engines.avatar.forChannel(channel.api).unusableReason?.(a);
    if (reason) throw new AppError(reason);
    return a;
  }

  async create(userId: number, p: SaveMultiWorkParams): Promise<{ id: number; credits: number }> {
    const items = parseContent(p.content);
    const video = p.output_mode === 'video';
    const channel = video ? await this.checkChannel(p.api) : null;
    const scenes: PlannedScene[] = [];
    let scriptTotal = 0;
    for (const [position, item] of items.entries()) {
      // The composer's own messages first (spec 001 §5), then the studio's rules for what drives a scene.
      if (item.type === 'text' && !stripPauseTags(item.text ?? '').trim()) throw new AppError(m.textRequired);
      if (item.type === 'audio' && !item.file_id) throw new AppError(m.audioRequired);
      const avatar = channel ? await this.checkAvatar(userId, item.video_id || undefined, channel) : null;
      const drive = await checkSpokenDrive(this.ctx, this.deps, userId, {
        material_audio_id: item.type === 'audio' ? item.file_id : undefined,
        text: item.type === 'text' ? item.text : undefined,
        voice_id: item.type === 'text' ? item.voice_id || undefined : undefined,
      });
      scriptTotal += countScriptChars(drive.script);
      if (scriptTotal > MULTI_SCRIPT_TOTAL_MAX) throw new AppError(m.scriptTotalTooLong(MULTI_SCRIPT_TOTAL_MAX));
      scenes.push({
        position,
        type: drive.mode,
        avatarId: avatar?.id ?? null,
        voiceId: drive.voiceId,
        fileId: drive.audio?.fileId ?? null,
        script: drive.script,
        rate: item.rate ?? 1,
        volume: item.volume ?? 1,
        pitch: item.pitch ?? 1,
        estimateSeconds: drive.estimateSeconds,
      });
    }
    // Each video scene renders on the channel's engine and takes that engine's slots like a studio work.
    const engine = channel ? this.ctx.engines.avatar.forChannel(channel.api).id : '';
    const estimateSeconds = scenes.reduce((s, x) => s + (x.estimateSeconds ?? 0), 0);
    const { credits, short } = await spokenWorkHold(this.ctx, userId, estimateSeconds, MULTI_CREDITS_PER_SECOND);
    const first = scenes[0]?.avatarId ? await avatarsRepo.find(this.db, scenes[0].avatarId) : null;
    let sceneIds: number[] = [];
    let made;
    try {
      made = await submitPaidJob(this.db, {
        userId,
        params: p,
        findSame: (tx, submission, windowSeconds) => workLedger.sameSubmission(tx, userId, submission, windowSeconds),
        open: async (tx, submission) => {
          const params: MultiParams = {
            driveMode: p.drive_mode,
            outputMode: p.output_mode,
            order: sceneOrder(scenes.length, p.drive_mode),
            estimateSeconds,
            creditsPerSecond: MULTI_CREDITS_PER_SECOND,
            joinedByCopy: null,
            files: [],
          };
          const row = await workLedger.open(tx, {
            userId,
            kind: MULTI_KIND,
            name: p.name?.trim() || m.defaultWorkName,
            channel: channel?.api ?? 'audio',
            channelName: channel?.name ?? m.audioChannelName,
            engine: engine || 'speech',
            hs: first?.hs ?? 2,
            isMulti: 1,
            onlyAudio: video ? 0 : 1,
            creditsHeld: credits,
            jobKey: `multi:${randomUUID()}`,
            submission,
            params,
          });
          // The scenes are written with the work and its hold: a work never exists without them.
          const rows = await scenesRepo.insertMany(
            tx,
            scenes.map((s) => ({ ...s, engine, workId: row.id })),
          );
          sceneIds = rows.map((r) => r.id);
          return { row, bill: { userId, jobKey: row.jobKey, held: credits, actionName: m.creditAction } };
        },
      });
    } catch (e) {
      if (e instanceof AppError) throw await short();
      throw e;
    }
    // Fan-out: every scene is its own job, rendered in parallel as workers and engine allow.
    if (made.fresh) for (const sceneId of sceneIds) await this.ctx.queue.send('multi.scene', { sceneId });
    return { id: made.row.id, credits: made.row.creditsHeld };
  }
}
