import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  decimal,
  flag,
  id,
  nameSearch,
  oneOf,
  optionalChoice,
  optionalDecimal,
  optionalDisplayName,
  optionalId,
  optionalLanguage,
  optionalText,
  ownership,
  paging,
  scriptText,
  text,
} from '../fields.js';
import { dateTime } from './site.js';
import { noData } from './account.js';

/** Channel keys of the spec plus our offline engine. */
export const voiceChannelKeys = ['local', 'fish', 'hs', 'xf', 'nw', 'mm', 'kyy'] as const;
export const emotions = ['default', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'neutral'] as const;
export const pauseSeconds = [0.2, 0.3, 0.5, 1, 2] as const;
export const SLIDERS = {
  rate: { min: 0.5, max: 2, step: 0.1 },
  volume: { min: 0.1, max: 3, step: 0.1 },
  pitch: { min: 0.1, max: 2, step: 0.1 },
} as const;
export const VOICE_POLL_MS = 10_000;
export const AUDITION_POLL_MS = 3_000;

/** What a channel's engine takes; the web disables what it does not (spec 001 §5). */
export const voiceCapabilities = z.object({
  rate: z.boolean(),
  volume: z.boolean(),
  pitch: z.boolean(),
  pause: z.boolean(),
  language: z.boolean(),
  emotion: z.boolean(),
});

export const languageOption: z.ZodType<{
  name: string;
  language: string;
  children?: { name: string; language: string }[];
}> = z.object({
  name: z.string(),
  language: z.string(),
  children: z.array(z.object({ name: z.string(), language: z.string() })).optional(),
});

export const voiceChannel = z.object({
  api: z.string(),
  name: z.string(),
  desc: z.string(),
  version_name: z.string(),
  credits: z.number().int(),
  free_times: z.number().int(),
  train_times: z.number().int(),
  upload_tips: z.string(),
  /** Languages this channel speaks, as language codes. */
  language: z.array(z.string()),
  supports: voiceCapabilities,
  /** 1 when this channel can clone a voice from a recording here, 0 when it only speaks its own voices. */
  clone: flag(),
  /**
   * Script characters the channel's engine reads at most (spec 001: 500 for nw, 10000 otherwise). Beyond
   * the spec's fields: the studio's counter reads it.
   */
  script_max: z.number().int(),
});
export type VoiceChannel = z.infer<typeof voiceChannel>;

export const listVoiceChannels = endpoint({
  method: 'GET',
  path: '/api/index/voiceChannel',
  summary: 'Voice channels that are configured here, with prices, tips and what each supports',
  tag: 'voice',
  auth: 'none',
  params: z.strictObject({ api: z.enum(voiceChannelKeys).optional() }),
  data: z.object({ list: z.array(voiceChannel), language: z.array(languageOption) }),
});

export const listLanguages = endpoint({
  method: 'GET',
  path: '/api/index/langList',
  summary: 'Language option tree for speech and translation',
  tag: 'voice',
  auth: 'none',
  params: z.strictObject({}),
  data: z.object({ list: z.array(languageOption) }),
});

/** generate_status: 1 cloning, 3 failed, 2 ready. */
export const voice = z.object({
  id: z.number().int(),
  name: z.string(),
  api: z.string(),
  voice_channel_name: z.string(),
  version_name: z.string(),
  generate_status: z.number().int(),
  fail_reason: z.string(),
  remained_times: z.number().int(),
  rate: z.number(),
  volume: z.number(),
  pitch: z.number(),
  /** A sample of the voice (signed URL). */
  url: z.string(),
  /** 1 own, 2 public. */
  source: z.number().int(),
  /** 11 = name locked. */
  type: z.number().int(),
  is_confirmed: flag(),
  create_time: dateTime,
});
export type Voice = z.infer<typeof voice>;

export const listVoices = endpoint({
  method: 'GET',
  path: '/api/user/voice',
  summary: 'Own (source 1) or public (source 2) voices; generate = own voices still cloning',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({ source: ownership(), ...paging, name: nameSearch() }),
  data: z.object({ list: z.array(voice), total: z.number().int(), generate: z.number().int() }),
});

/** Without id: clone a new voice from an uploaded recording. With id: re-train (file_id) or rename (name only). */
export const saveVoice = endpoint({
  method: 'POST',
  path: '/api/user/voice',
  paid: true,
  summary: 'Clone a voice, or re-train / rename one of yours',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({
    id: optionalId(),
    name: optionalDisplayName(),
    file_id: optionalId(),
    api: z.enum(voiceChannelKeys).optional(),
    voice_channel_name: optionalDisplayName(),
  }),
  data: z.object({ id: z.number().int() }),
});

export const confirmVoice = endpoint({
  method: 'POST',
  path: '/api/user/voiceConfirm',
  summary: 'Confirm a voice for good; it can no longer be changed',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({ voice_id: id() }),
  data: noData,
});

export const editVoice = endpoint({
  method: 'POST',
  path: '/api/user/voiceEdit',
  summary: 'Save speed, volume and pitch of a voice (reset sends 1, 1, 1)',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({
    voice_id: id(),
    rate: decimal(SLIDERS.rate),
    volume: decimal(SLIDERS.volume),
    pitch: decimal(SLIDERS.pitch),
  }),
  data: noData,
});

export const deleteVoice = endpoint({
  method: 'DELETE',
  path: '/api/user/voice',
  summary: 'Delete one of your voices',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

/** Empty language or emotion means the channel's default: clients send them empty for channels without those choices. */
const speechParams = {
  language: optionalLanguage(),
  emotion: optionalChoice(emotions),
  rate: optionalDecimal(SLIDERS.rate),
  volume: optionalDecimal(SLIDERS.volume),
  pitch: optionalDecimal(SLIDERS.pitch),
};

export const startAudition = endpoint({
  method: 'POST',
  path: '/api/user/audition',
  paid: true,
  summary: 'Synthesize a trial of the script with a voice; poll with job_id',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({ voice_id: id(), text: scriptText(), ...speechParams }),
  data: z.object({ job_id: z.string() }),
});

/** status 3 done (url, file_id), 4 failed (msg in fail_reason), else running. */
export const getAudition = endpoint({
  method: 'GET',
  path: '/api/user/audition',
  summary: 'State of a trial synthesis',
  tag: 'voice',
  auth: 'user',
  params: z.strictObject({ job_id: text({ max: 64 }) }),
  data: z.object({
    status: z.number().int(),
    url: z.string(),
    file_id: z.number().int(),
    duration: z.number(),
    fail_reason: z.string(),
  }),
});

export const polishText = endpoint({
  method: 'POST',
  path: '/api/user/textpolish',
  paid: true,
  summary: 'Polish a script with the text model, or add tone marks offline (action=emotion)',
  tag: 'script',
  auth: 'user',
  params: z.strictObject({ text: scriptText(), action: z.enum(['emotion']).optional() }),
  data: z.object({ content: z.string() }),
});

export const translateText = endpoint({
  method: 'POST',
  path: '/api/user/translate',
  paid: true,
  summary: 'Translate a script with the text model',
  tag: 'script',
  auth: 'user',
  params: z.strictObject({ text: scriptText(), source: optionalText({ max: 16 }), target: text({ max: 16 }) }),
  data: z.object({ text: z.string(), target: z.string() }),
});

/** length: 0 unlimited, 150 (~30 s), 300 (~60 s), 500 (~120 s). */
export const aiWrite = endpoint({
  method: 'POST',
  path: '/api/user/aiWrite',
  paid: true,
  summary: 'Write a script about a topic with the text model',
  tag: 'script',
  auth: 'user',
  params: z.strictObject({ keyword: text({ max: 500 }), length: oneOf(['0', '150', '300', '500']).default('0') }),
  data: z.object({ content: z.string() }),
});

export const voiceEndpoints = {
  listVoiceChannels,
  listLanguages,
  listVoices,
  saveVoice,
  confirmVoice,
  editVoice,
  deleteVoice,
  startAudition,
  getAudition,
  polishText,
  translateText,
  aiWrite,
} as const;
