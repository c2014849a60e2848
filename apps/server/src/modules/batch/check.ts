import {
  CAPTION_PRESETS,
  captionPresetKeys,
  batchMessages as m,
  finishMessages,
  studioMessages,
  voiceMessages,
  type BatchCellError,
  type BatchColumn,
  type BatchRowCheck,
  type BatchRowInput,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { creditsFor, holdWithHeadroom } from '../producing/index.js';
import { defaultChannelFor, planWork, type SaveWorkParams } from '../talking-video/index.js';
import type { BatchDeps } from './deps.js';
import type { BatchCatalog } from './catalog.js';

/** Longest work name, as the studio's rename takes it. */
const NAME_MAX = 64;

/** A row that passed: what the studio's save is handed for it, and what it holds. */
export interface CheckedRow {
  check: BatchRowCheck;
  order: SaveWorkParams | null;
  held: number;
}

const voiceWords = new Set<string>([
  studioMessages.voiceRequired,
  voiceMessages.voiceMissing,
  voiceMessages.cloning,
  voiceMessages.cloneFailed,
  voiceMessages.channelUnavailable,
]);
/** The words before the number of the studio's "script too long". */
const scriptTooLongWords = voiceMessages.scriptTooLong(0).split('0')[0] ?? '';
const channelWords = new Set<string>([studioMessages.channelMissing, studioMessages.channelUnavailable]);
const backgroundWords = new Set<string>(Object.values(finishMessages).filter((v) => typeof v === 'string'));

/** The cell a refusal of the studio's checks belongs to. */
function columnOf(message: string): BatchColumn {
  if (voiceWords.has(message)) return 'voice';
  if (message === studioMessages.scriptRequired || message.startsWith(scriptTooLongWords)) return 'script';
  if (channelWords.has(message)) return 'channel';
  if (backgroundWords.has(message)) return 'background';
  return 'avatar';
}

const presetNames = captionPresetKeys.map((k) => CAPTION_PRESETS[k].name);
const CAPTIONS_ON = ['是', '开', '有', '1', 'yes', 'on', 'true'];
const CAPTIONS_OFF = ['', '否', '关', '无', '0', 'no', 'off', 'false'];

/**
 * The caption params a 字幕 cell asks for: none (empty or 否), the default style (是), or a style by its
 * name or key; null when the cell says something else.
 */
function captionsOf(cell: string): Pick<SaveWorkParams, 'captions' | 'caption_preset'> | null {
  const value = cell.trim().toLowerCase();
  if (CAPTIONS_OFF.includes(value)) return {};
  if (CAPTIONS_ON.includes(value)) return { captions: 1 };
  const preset = captionPresetKeys.find((k) => k === value || CAPTION_PRESETS[k].name === value);
  return preset ? { captions: 1, caption_preset: preset } : null;
}

/** The row's default channel: the first offered that takes its avatar (one lookup per avatar). */
export type DefaultChannels = (avatarId: number) => Promise<string | null>;
export function defaultChannels(ctx: AppContext): DefaultChannels {
  const known = new Map<number, Promise<string | null>>();
  return (avatarId) => {
    if (!known.has(avatarId)) known.set(avatarId, defaultChannelFor(ctx, [avatarId]));
    return known.get(avatarId)!;
  };
}

/**
 * One row checked with the studio's own rules and words (the save's `planWork`), after its names are
 * resolved against what the caller may use; every refusal is kept with its cell.
 */
export async function checkRow(
  ctx: AppContext,
  deps: BatchDeps,
  s: { userId: number; catalog: BatchCatalog; channels: DefaultChannels },
  row: BatchRowInput,
  rowNo: number,
): Promise<CheckedRow> {
  const errors: BatchCellError[] = [];
  const refuse = (column: BatchColumn, message: string) => errors.push({ column, message });
  const name = row.name.trim();
  if (name.length > NAME_MAX) refuse('name', m.nameTooLong);
  const captions = captionsOf(row.captions);
  if (captions === null) refuse('captions', m.captionsInvalid(presetNames.join('、')));
  const background = row.background.trim() ? s.catalog.background(row.background) : null;
  if (background && 'error' in background) refuse('background', background.error);
  if (!row.script.trim()) refuse('script', studioMessages.scriptRequired);
  const avatar = row.avatar.trim() ? s.catalog.avatar(row.avatar) : { error: studioMessages.avatarRequired };
  if ('error' in avatar) refuse('avatar', avatar.error);
  const voice = row.voice.trim() ? s.catalog.voice(row.voice) : { error: studioMessages.voiceRequired };
  if ('error' in voice) refuse('voice', voice.error);
  const chosen = s.catalog.channel(row.channel);
  if (chosen && 'error' in chosen) refuse('channel', chosen.error);

  const check: BatchRowCheck = {
    row: rowNo,
    errors,
    credits: 0,
    avatar_name: 'name' in avatar ? avatar.name : '',
    voice_name: 'name' in voice ? voice.name : '',
    channel_name: chosen && 'name' in chosen ? chosen.name : '',
  };
  if (
    errors.length ||
    captions === null ||
    'error' in avatar ||
    'error' in voice ||
    (chosen && 'error' in chosen) ||
    (background && 'error' in background)
  )
    return { check, order: null, held: 0 };

  const api = chosen?.key ?? (await s.channels(avatar.id)) ?? undefined;
  const order = {
    name: name || m.rowDefaultName(rowNo),
    api: api as SaveWorkParams['api'],
    video_id: avatar.id,
    voice_id: voice.id,
    text: row.script,
    ...captions,
    ...(background && 'color' in background ? { background_color: background.color } : {}),
    ...(background && 'id' in background ? { background_id: background.id } : {}),
  } satisfies SaveWorkParams;
  try {
    const plan = await planWork(ctx, deps, s.userId, order);
    const credits = creditsFor(plan.estimateSeconds, plan.channel.price);
    check.credits = credits;
    check.channel_name = plan.channel.row.name;
    return { check, order, held: holdWithHeadroom(credits, ctx.config.CREDIT_HOLD_HEADROOM_PERCENT) };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    refuse(columnOf(e.message), e.message);
    return { check, order: null, held: 0 };
  }
}
