import { z } from 'zod';
import {
  MULTI_SCENES_MAX,
  openApiUnsupported,
  PHOTO_TYPE,
  photoChannelKeys,
  studioMessages,
  videoChannelKeys,
  PRESENTER,
  type FinishParams,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { takePaidCall } from '../../platform/protocol/route.js';
import { AVATAR_SOURCE, avatarsRepo, type StudioUploads } from '../avatars/index.js';
import { MultiSceneService, type SaveMultiWorkParams } from '../multi-scene/index.js';
import { photoChannelKind, PhotoLibrary, type PhotoWorks, type SavePhotoWorkParams } from '../photo-video/index.js';
import { offeredChannels } from '../../platform/channels/keeper.js';
import type { Canvas } from '../producing/index.js';
import { defaultChannelFor, TalkingVideoService } from '../talking-video/index.js';
import type { StudioVoices } from '../voices/index.js';
import type { WorkRow } from '../works/index.js';
import { apiVideoStore } from './api-videos.js';
import { ApiFailure, restRoute, type RestCall, type RestRoute } from './rest.js';
import { idText, numericId } from './videos.js';
import { watchApiVideo } from './webhook-sender.js';

export interface GenerateDeps {
  uploads: StudioUploads;
  voices: StudioVoices;
  /** The producer of videos made from one picture: a talking_photo scene is its order. */
  photoWorks: PhotoWorks;
}

/** The channels an order may name: a video channel for avatars, a photo channel for a talking photo. */
const channelKeys = [...new Set([...videoChannelKeys, ...photoChannelKeys])] as [string, ...string[]];

const isPhotoChannel = (key: string | undefined) => (photoChannelKeys as readonly string[]).includes(key ?? '');
const isVideoChannel = (key: string | undefined) => (videoChannelKeys as readonly string[]).includes(key ?? '');

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour as #rrggbb' });

const character = z.strictObject({
  type: z.enum(['avatar', 'talking_photo']),
  avatar_id: idText.optional(),
  talking_photo_id: idText.optional(),
  avatar_style: z.string().max(32).optional(),
  scale: z.number().optional(),
  offset: z.strictObject({ x: z.number(), y: z.number() }).optional(),
});

const voice = z.strictObject({
  type: z.enum(['text', 'audio', 'silence']),
  voice_id: idText.optional(),
  input_text: z.string().max(20000).optional(),
  speed: z.number().min(0.5).max(1.5).optional(),
  pitch: z.number().optional(),
  audio_asset_id: idText.optional(),
  audio_url: z.string().max(2048).optional(),
  duration: z.number().min(1).max(100).optional().describe('Seconds of silence (type silence), 1 by default.'),
});

const background = z.strictObject({
  type: z.enum(['color', 'image', 'video']),
  value: color.optional(),
  image_asset_id: idText.optional(),
  video_asset_id: idText.optional(),
  url: z.string().max(2048).optional(),
  play_style: z.string().max(32).optional(),
  fit: z.string().max(32).optional(),
});

export const generateBody = z.strictObject({
  video_inputs: z
    .array(z.strictObject({ character, voice, background: background.optional() }))
    .min(1)
    .max(MULTI_SCENES_MAX),
  dimension: z
    .strictObject({ width: z.number().int().min(128).max(1920), height: z.number().int().min(128).max(1920) })
    .optional()
    .describe('The frame of the video; the avatar is fitted inside it and the background colour fills the rest.'),
  title: z.string().max(64).optional(),
  callback_id: z.string().max(255).optional(),
  /**
   * Our addition: the channel (as the studio names it): for avatars a video channel, the first one that
   * can take them by default; for talking photos a photo channel, the first one offered by default. In a
   * multi-scene video mixing both, a key that only photo channels have names the photos' channel.
   */
  channel: z.enum(channelKeys).optional(),
  test: z.boolean().optional(),
  caption: z
    .boolean()
    .optional()
    .describe('Burn captions of the spoken text into the video in the default style; the SRT is kept with the video.'),
});
type GenerateBody = z.output<typeof generateBody>;
type SceneInput = GenerateBody['video_inputs'][number];

const unsupported = (what: keyof typeof openApiUnsupported) => new ApiFailure('unsupported', openApiUnsupported[what]);

/** What one scene asks for, checked against the caller: their avatar or photo, voice and asset, or public ones. */
interface PlannedScene {
  /** Who speaks: an avatar (a talking or multi-scene video), or a person photo (a photo video). */
  character: { type: 'avatar'; avatarId: number } | { type: 'talking_photo'; photoId: number };
  drive:
    | { type: 'text'; voiceId: number; text: string; rate?: number }
    | { type: 'audio'; fileId: number }
    | { type: 'silence'; seconds: number };
  canvas: Canvas | null;
  /** The backdrop and placement asked for, as the studio's create call names them. */
  finish: FinishParams;
}

/** HeyGen's offset moves the avatar's centre from the frame's by up to half the frame each way. */
const OFFSET_MAX = 0.5;

/**
 * The scene's backdrop in the studio's words: a colour or an uploaded picture or video behind the
 * avatar (its screen keyed out, or its person matted), at the character's scale and offset.
 */
async function finishOf(ctx: AppContext, deps: GenerateDeps, userId: number, s: SceneInput): Promise<FinishParams> {
  const { character: c, background: b } = s;
  const scale = c.scale ?? 1;
  const offset = c.offset ?? { x: 0, y: 0 };
  const placed = scale !== 1 || offset.x !== 0 || offset.y !== 0;
  const placeable =
    !!b &&
    scale >= PRESENTER.scale.min &&
    scale <= PRESENTER.scale.max &&
    Math.abs(offset.x) <= OFFSET_MAX &&
    Math.abs(offset.y) <= OFFSET_MAX;
  if ((c.avatar_style && c.avatar_style !== 'normal') || (placed && !placeable)) throw unsupported('avatarStyle');
  if (!b) return {};
  const placement = placed ? { presenter_x: 0.5 + offset.x, presenter_y: 0.5 + offset.y, presenter_scale: scale } : {};
  if (b.type === 'color') return { background_color: b.value ?? '#ffffff', ...placement };
  const assetId = b.type === 'image' ? b.image_asset_id : b.video_asset_id;
  if (!assetId) throw unsupported('background');
  const fileId = numericId(assetId);
  const file = fileId ? await deps.uploads.findOwned(ctx.database.db, userId, fileId) : null;
  if (!file) throw new ApiFailure('assetMissing');
  return { background_id: file.id, ...placement };
}

/** Every id a caller sends is checked against the key's owner: another account's is not found. */
async function planScene(
  ctx: AppContext,
  deps: GenerateDeps,
  userId: number,
  s: SceneInput,
  frame: GenerateBody['dimension'],
) {
  const db = ctx.database.db;
  const { character: c, voice: v, background: b } = s;
  const character = c.type === 'avatar' ? await avatarOf(ctx, userId, c.avatar_id) : await photoOf(ctx, userId, c);
  // A photo stands on no picture or video: a colour fills the frame round it.
  if (character.type === 'talking_photo' && b && b.type !== 'color') throw unsupported('photoBackground');
  const finish = character.type === 'avatar' ? await finishOf(ctx, deps, userId, s) : {};
  const canvas = frame ? { width: frame.width & ~1, height: frame.height & ~1, color: b?.value ?? '#000000' } : null;
  let drive: PlannedScene['drive'];
  if (v.type === 'text') {
    if (v.pitch) throw unsupported('pitch');
    const voiceId = numericId(v.voice_id ?? '');
    const found = voiceId ? await deps.voices.find(db, voiceId) : null;
    if (!found || (found.userId !== null && found.userId !== userId)) throw new ApiFailure('voiceMissing');
    drive = { type: 'text', voiceId: found.id, text: v.input_text ?? '', rate: v.speed };
  } else if (v.type === 'audio') {
    if (!v.audio_asset_id) throw unsupported('audioUrl');
    const fileId = numericId(v.audio_asset_id);
    const file = fileId ? await deps.uploads.findOwned(db, userId, fileId) : null;
    if (!file) throw new ApiFailure('assetMissing');
    drive = { type: 'audio', fileId: file.id };
  } else drive = { type: 'silence', seconds: v.duration ?? 1 };
  return { character, drive, canvas, finish } satisfies PlannedScene;
}

/** One of the caller's ready avatars or a public actor; another account's, or a hidden material one, is not found. */
async function avatarOf(ctx: AppContext, userId: number, id: string | undefined) {
  const avatarId = numericId(id ?? '');
  const avatar = avatarId ? await avatarsRepo.find(ctx.database.db, avatarId) : null;
  const visible =
    avatar && (avatar.userId === null ? avatar.source === AVATAR_SOURCE.public : avatar.userId === userId);
  if (!avatar || !visible || avatar.source === AVATAR_SOURCE.material) throw new ApiFailure('avatarMissing');
  return { type: 'avatar' as const, avatarId: avatar.id };
}

/** One of the caller's person photos or a public one (talking_photo_id); another account's, or a pet, is not found. */
async function photoOf(ctx: AppContext, userId: number, c: { talking_photo_id?: string }) {
  const photoId = numericId(c.talking_photo_id ?? '');
  const photo = photoId ? await new PhotoLibrary(ctx).usable(userId, photoId) : null;
  if (!photo || photo.type !== PHOTO_TYPE.person) throw new ApiFailure('talkingPhotoMissing');
  return { type: 'talking_photo' as const, photoId: photo.id };
}

/** What drives a one-scene order, as the studio's save call names it. */
const spokenFields = (d: PlannedScene['drive']) => ({
  voice_id: d.type === 'text' ? d.voiceId : undefined,
  text: d.type === 'text' ? d.text : undefined,
  rate: d.type === 'text' ? d.rate : undefined,
  material_audio_id: d.type === 'audio' ? d.fileId : undefined,
});

/** The video is made whatever happens here: a watch that could not be queued is sent again by the sweep. */
const watchEnd = (ctx: AppContext, workId: number) =>
  watchApiVideo(ctx, workId).catch((err: unknown) => ctx.log.warn({ err, workId }, 'api video watch not queued'));

/**
 * POST /v2/video/generate: one scene is a talking video, several a multi-scene work, each made by its
 * producer exactly as the studio's and the composer's orders are (same checks, prices, hold,
 * settlement and refund), its ledger lines marked as API.
 */
async function generate(ctx: AppContext, deps: GenerateDeps, call: RestCall<unknown, GenerateBody>) {
  const { caller, body } = call;
  if (body.test) throw unsupported('testMode');
  const scenes: PlannedScene[] = [];
  for (const s of body.video_inputs) scenes.push(await planScene(ctx, deps, caller.userId, s, body.dimension));
  await takePaidCall(ctx, caller.userId);
  const name = body.title?.trim() || studioMessages.defaultWorkName;
  // HeyGen's `caption`: the studio's captions in their default style, burned in and kept as an SRT.
  const captions = body.caption ? { captions: 1 } : {};
  const onOpen = async (tx: Db, row: WorkRow) => {
    await apiVideoStore.record(tx, row, caller, body.callback_id);
    await call.claim?.bindWork(tx, row.id);
  };
  const [first] = scenes as [PlannedScene];
  // The first photo channel offered here unless the order names one.
  const photoApi = async (named: string | undefined) =>
    (named ?? (await offeredChannels(ctx, photoChannelKind))[0]?.key) as SavePhotoWorkParams['api'];
  if (scenes.length === 1 && first.character.type === 'talking_photo') {
    const d = first.drive;
    const made = await deps.photoWorks.create(
      ctx,
      caller.userId,
      {
        name,
        api: await photoApi(body.channel),
        photo_id: first.character.photoId,
        ...spokenFields(d),
        ...captions,
        ...first.finish,
      },
      { origin: 'api', silenceSeconds: d.type === 'silence' ? d.seconds : undefined, canvas: first.canvas, onOpen },
    );
    await watchEnd(ctx, made.id);
    return { video_id: String(made.id) };
  }
  const avatarIds = scenes.flatMap((s) => (s.character.type === 'avatar' ? [s.character.avatarId] : []));
  const photos = avatarIds.length < scenes.length;
  // With photo scenes among them, a channel only photos take names theirs: the avatars keep the default one.
  const named = photos && !isVideoChannel(body.channel) ? undefined : body.channel;
  const api = (named ?? (await defaultChannelFor(ctx, avatarIds)) ?? undefined) as SaveMultiWorkParams['api'];
  if (scenes.length === 1) {
    const d = first.drive;
    const made = await new TalkingVideoService(ctx, deps).create(
      caller.userId,
      { name, api, video_id: avatarIds[0], ...spokenFields(d), ...captions, ...first.finish },
      { origin: 'api', silenceSeconds: d.type === 'silence' ? d.seconds : undefined, canvas: first.canvas, onOpen },
    );
    await watchEnd(ctx, made.id);
    return { video_id: String(made.id) };
  }
  const made = await new MultiSceneService(ctx, deps).submitScenes(
    caller.userId,
    { name, api, drive_mode: 'serial', output_mode: 'video', ...captions },
    scenes.map((s) => ({
      type: s.drive.type,
      ...(s.character.type === 'avatar' ? { video_id: s.character.avatarId } : { photo_id: s.character.photoId }),
      ...(s.drive.type === 'text' ? { text: s.drive.text, voice_id: s.drive.voiceId, rate: s.drive.rate } : {}),
      ...(s.drive.type === 'audio' ? { file_id: s.drive.fileId } : {}),
      ...(s.drive.type === 'silence' ? { seconds: s.drive.seconds } : {}),
      // Each scene stands on its own background, as HeyGen's scenes do.
      finish: s.finish,
    })),
    {
      origin: 'api',
      canvases: scenes.map((s) => s.canvas),
      photoApi: photos ? await photoApi(isPhotoChannel(body.channel) ? body.channel : undefined) : undefined,
      onOpen,
    },
  );
  await watchEnd(ctx, made.id);
  return { video_id: String(made.id) };
}

export function generateRoutes(ctx: AppContext, deps: GenerateDeps): RestRoute[] {
  return [
    restRoute({
      method: 'POST',
      path: '/v2/video/generate',
      operationId: 'generateVideo',
      summary: 'Make a video: one scene is a talking video, 2–50 scenes a multi-scene video',
      description:
        'Spends your credits at the same prices as the web app: the estimate is held at once and the real ' +
        'duration settled when the video is done (a failed video is refunded in full). Characters are your ' +
        'avatars or public ones (type avatar), or a person photo (type talking_photo with a ' +
        'talking_photo_id from /v1/talking_photo.list or POST /v1/talking_photo), alone or as any scene of ' +
        'a multi-scene video: there the avatar scenes are priced at the multi-scene rate and each photo ' +
        'scene as a photo video of its length, on the photo channel named in channel or the first one ' +
        'offered. Voices speak text in a voice (type text), play an uploaded audio asset (type audio) or ' +
        'stay silent (type silence). An avatar stands on the background (a colour, or an uploaded ' +
        'image_asset_id / video_asset_id) at the character’s scale (0.3–1) and offset (-0.5–0.5): a green ' +
        'or blue screen it was recorded on is keyed out, any other avatar is cut out of its footage by ' +
        'person matting (made once per avatar, on its first video with a background); each scene of a ' +
        'multi-scene video has its own. A talking photo takes a colour background only: with a dimension it ' +
        'is fitted into that frame and the colour fills the rest.',
      shape: 'v2',
      body: generateBody,
      creates: true,
      data: z.object({ video_id: z.string() }),
      handler: (call) => generate(ctx, deps, call),
    }),
  ];
}
