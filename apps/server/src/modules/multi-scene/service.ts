import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  avatarSecondsRefusal,
  captionStyleOf,
  finishMessages,
  type FinishParams,
  MULTI_CREDITS_PER_SECOND,
  MULTI_SCENES_MAX,
  MULTI_SCRIPT_TOTAL_MAX,
  multiSceneContent,
  PHOTO_TYPE,
  photoLibraryMessages,
  type multiSceneItem,
  multiSceneMessages as m,
  studioMessages,
  type ParsedParamsOf,
  type saveMultiWork,
} from '@app/contract';
import { countScriptChars, stripPauseTags } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { AVATAR_STATUS, avatarsRepo, type AvatarRow } from '../avatars/index.js';
import {
  checkRenderCost,
  checkAudioCaptions,
  checkFinish,
  checkSpokenDrive,
  type RenderSpan,
  creditActionOf,
  type Canvas,
  type DriveUploads,
  type FinishUploads,
  type OrderOptions,
  pricedWorkHold,
  submitWork,
} from '../producing/index.js';
import { resolveChannel } from '../../platform/channels/keeper.js';
import type { PhotoVideoEngine } from '../../engines/photo/index.js';
import {
  checkPhotoPicture,
  photoChannelKind,
  PhotoLibrary,
  photoRenderSpan,
  type PhotoRow,
} from '../photo-video/index.js';
import { videoChannelKind, type ResolvedVideoChannel } from '../talking-video/index.js';
import type { StudioVoices } from '../voices/index.js';
import { workLedger } from '../works/index.js';
import { MULTI_KIND } from './labels.js';
import { multiPrice, type MultiParams } from './params.js';
import { scenesRepo, type NewSceneRow } from './repo.js';

export type SaveMultiWorkParams = ParsedParamsOf<typeof saveMultiWork>;

/**
 * One scene as an order gives it: the composer's items (text or audio), or (from the open API) a
 * stretch of silence of `seconds`, and a person photo (`photo_id`) speaking instead of an avatar.
 */
export type SceneOrder = Omit<MultiSceneItemParsed, 'type' | 'video_duration'> & {
  type: 'text' | 'audio' | 'silence';
  seconds?: number;
  photo_id?: number;
  /** This scene's own backdrop and placement (the open API's background per scene); music stays the work's. */
  finish?: FinishParams;
};
type MultiSceneItemParsed = z.output<typeof multiSceneItem>;

/**
 * What an order outside the composer adds: each scene's frame (by position), and the photo channel its
 * photo scenes render on (the first one offered when not named), besides the common options.
 */
export type SceneOrderOptions = OrderOptions & { canvases?: (Canvas | null)[]; photoApi?: string };

export interface MultiSceneDeps {
  uploads: DriveUploads & FinishUploads;
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
  return parsed.data;
}

/** Multi-scene works: submit = check every scene against the caller, estimate, reserve, fan out. */
/**
 * Whether a backdrop can stand behind the scenes: not in an audio-only work, nor behind a talking photo
 * (the scene at `photoAt`, -1 none); any avatar takes one (its screen keyed, or its person matted).
 */
const backdropTaken = (video: boolean, photoAt: number): true | string =>
  !video
    ? finishMessages.backgroundNotForAudio
    : photoAt >= 0
      ? finishMessages.backgroundNotForPhotoScene(photoAt + 1)
      : true;

export class MultiSceneService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: MultiSceneDeps,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** The studio's avatar rules: the caller's own or a public avatar, ready, fit for the channel. */
  private async checkAvatar(
    userId: number,
    videoId: number | undefined,
    channel: ResolvedVideoChannel,
  ): Promise<AvatarRow> {
    if (!videoId) throw new AppError(studioMessages.avatarRequired);
    const a = await avatarsRepo.find(this.db, videoId);
    if (!a || (a.userId !== null && a.userId !== userId)) throw new AppError(studioMessages.avatarMissing);
    if (a.status === AVATAR_STATUS.processing) throw new AppError(studioMessages.avatarProcessing);
    if (a.status !== AVATAR_STATUS.ready) throw new AppError(studioMessages.avatarFailed);
    const tooLong = avatarSecondsRefusal(channel.rule.avatarSeconds, a.duration);
    if (tooLong) throw new AppError(tooLong);
    const reason = channel.engine.unusableReason?.(a);
    if (reason) throw new AppError(reason);
    return a;
  }

  /** The photo-speak rules for a person photo: public or the caller's own, a person (not a pet), fit for the channel. */
  private async checkPhoto(userId: number, photoId: number, engine: PhotoVideoEngine): Promise<PhotoRow> {
    const photo = await new PhotoLibrary(this.ctx).usable(userId, photoId);
    if (!photo || photo.type !== PHOTO_TYPE.person) throw new AppError(photoLibraryMessages.photoMissing);
    await checkPhotoPicture(this.ctx, engine, photo.imageKey);
    return photo;
  }

  async create(userId: number, p: SaveMultiWorkParams): Promise<{ id: number; credits: number }> {
    return this.submitScenes(userId, p, parseContent(p.content));
  }

  /** Checks every scene against the caller, estimates, holds and fans out: the composer's order, or the open API's. */
  async submitScenes(
    userId: number,
    p: Omit<SaveMultiWorkParams, 'content'>,
    items: SceneOrder[],
    o: SceneOrderOptions = {},
  ): Promise<{ id: number; credits: number }> {
    if (items.length === 0) throw new AppError(m.scenesRequired);
    if (items.length > MULTI_SCENES_MAX) throw new AppError(m.tooManyScenes(MULTI_SCENES_MAX));
    const video = p.output_mode === 'video';
    const channel = video ? await resolveChannel(this.ctx, videoChannelKind, p.api) : null;
    const scenes: PlannedScene[] = [];
    const renders: RenderSpan[] = [];
    // Photo scenes render on a photo channel and are priced as photo videos of their length.
    const photoChannel =
      video && items.some((i) => i.photo_id) ? await resolveChannel(this.ctx, photoChannelKind, o.photoApi) : null;
    let scriptTotal = 0;
    for (const [position, item] of items.entries()) {
      // The composer's own messages first (spec 001 §5), then the studio's rules for what drives a scene.
      if (item.type === 'text' && !stripPauseTags(item.text ?? '').trim()) throw new AppError(m.textRequired);
      if (item.type === 'audio' && !item.file_id) throw new AppError(m.audioRequired);
      if (item.type === 'audio' && video) checkAudioCaptions(this.ctx, p);
      const photo =
        photoChannel && item.photo_id ? await this.checkPhoto(userId, item.photo_id, photoChannel.engine) : null;
      const avatar = channel && !photo ? await this.checkAvatar(userId, item.video_id || undefined, channel) : null;
      const drive = await checkSpokenDrive(this.ctx, this.deps, userId, {
        material_audio_id: item.type === 'audio' ? item.file_id : undefined,
        text: item.type === 'text' ? item.text : undefined,
        voice_id: item.type === 'text' ? item.voice_id || undefined : undefined,
        silence_seconds: item.type === 'silence' ? (item.seconds ?? 1) : undefined,
      });
      if (avatar) renders.push({ picture: avatar, seconds: drive.estimateSeconds });
      if (photo && photoChannel) renders.push(photoRenderSpan(photoChannel.engine, photo, drive.estimateSeconds));
      // A backdrop of the scene's own stands behind its presenter only.
      const own = item.finish
        ? await checkFinish(
            this.ctx,
            this.deps.uploads,
            userId,
            item.finish,
            backdropTaken(video, photo ? position : -1),
          )
        : null;
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
        engine: photo && photoChannel ? photoChannel.engine.id : (channel?.engine.id ?? ''),
        backdrop: own?.backdrop ?? null,
        ...(photo && photoChannel
          ? {
              photoId: photo.id,
              imageKey: photo.imageKey,
              photoChannel: photoChannel.key,
              creditsPerSecond: photoChannel.price,
            }
          : {}),
      });
    }
    // One backdrop behind every scene's presenter unless a scene has its own, music under the whole work.
    const photoAt = scenes.findIndex((x) => x.photoId);
    const finish = await checkFinish(
      this.ctx,
      this.deps.uploads,
      userId,
      p,
      backdropTaken(video, photoAt),
    );
    // Every scene's avatar is rendered for as long as it speaks: the work as a whole passes one ceiling.
    await checkRenderCost(this.ctx, userId, renders);
    // Each video scene renders on its channel's engine and takes that engine's slots like a studio work.
    const engine = channel?.engine.id ?? '';
    const estimateSeconds = scenes.reduce((s, x) => s + (x.estimateSeconds ?? 0), 0);
    const price = multiPrice(
      MULTI_CREDITS_PER_SECOND,
      scenes.map((x) => ({ seconds: x.estimateSeconds ?? 0, creditsPerSecond: x.creditsPerSecond ?? null })),
      estimateSeconds,
    );
    const { credits, short } = await pricedWorkHold(this.ctx, userId, price);
    const firstAvatar = scenes.find((x) => x.avatarId)?.avatarId;
    const first = firstAvatar ? await avatarsRepo.find(this.db, firstAvatar) : null;
    let sceneIds: number[] = [];
    return submitWork(this.ctx, {
      userId,
      short,
      params: { ...p, scenes: items, canvases: o.canvases },
      actionName: creditActionOf(m.creditAction, o.origin),
      open: async (tx, submission) => {
        const params: MultiParams = {
          driveMode: p.drive_mode,
          outputMode: p.output_mode,
          order: sceneOrder(scenes.length, p.drive_mode),
          estimateSeconds,
          creditsPerSecond: MULTI_CREDITS_PER_SECOND,
          joinedByCopy: null,
          canvases: o.canvases ?? [],
          files: [],
          captions: video ? captionStyleOf(p) : null,
          captionsKey: null,
          ...finish,
        };
        const row = await workLedger.open(tx, {
          userId,
          kind: MULTI_KIND,
          name: p.name?.trim() || m.defaultWorkName,
          channel: channel?.key ?? 'audio',
          channelName: channel?.row.name ?? m.audioChannelName,
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
          scenes.map((s) => ({ ...s, workId: row.id })),
        );
        sceneIds = rows.map((r) => r.id);
        await o.onOpen?.(tx, row);
        return row;
      },
      // Fan-out: every scene is its own job, rendered in parallel as workers and engine allow.
      queue: async () => {
        for (const sceneId of sceneIds) await this.ctx.queue.send('multi.scene', { sceneId });
      },
    });
  }
}
