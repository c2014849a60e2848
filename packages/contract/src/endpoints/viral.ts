import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  blankOr,
  choiceWithDefault,
  id,
  intWithDefault,
  optionalId,
  optionalIdList,
  optionalText,
  paging,
  text,
} from '../fields.js';
import { noData } from './account.js';
import { SHARE_TEXT_MAX } from './analyse.js';

/**
 * Viral content (爆款复刻 /explosiveAnalysis, 账号分析 /explosiveAnalysis/user, 文案创作 /copywrite/index,
 * 一键爆款视频 /cozeVideo). Every model call is priced like one chat question; the video analysis also
 * pays the extraction and the transcription at their own prices.
 */

/** A project's state: 1 running (extract → transcribe → analyse), 2 analysed, 3 failed (refunded). */
export const VIRAL_STATUS = { running: 1, done: 2, failed: 3 } as const;
/** Copywriting styles a creator picks from. */
export const COPY_STYLES = ['口播种草', '剧情反转', '干货教学', '情感共鸣', '幽默搞笑', '探店测评'] as const;
/** About how many characters; 0 = free length. */
export const COPY_LENGTHS = ['0', '100', '300', '600'] as const;
export const COPY_ACTIONS = ['generate', 'rewrite', 'polish'] as const;
/** What a trace row was made by. */
export const COPY_KINDS = ['generate', 'rewrite', 'polish', 'mimic', 'topic', 'ip', 'analyse', 'video'] as const;
export type CopyKind = (typeof COPY_KINDS)[number];
/** A topic or script is at most this long; a pasted profile or text to analyse at most TEXT_IN_MAX. */
export const TOPIC_MAX = 200;
export const TEXT_IN_MAX = 8000;
/** The one-click video makes this many scenes at most. */
export const COZE_SCENES_MAX = 8;
/** Avatars a one-click video may take turns with. */
export const COZE_AVATARS_MAX = 20;

export const viralBeat = z.object({ title: z.string(), text: z.string() });
export type ViralBeat = z.infer<typeof viralBeat>;

/** The analysis of a viral video's (or a pasted text's) script. */
export const viralReport = z.object({
  /** What the first 3 seconds do to stop the scroll. */
  hook: z.string(),
  /** The script cut into its beats, in order. */
  beats: z.array(viralBeat),
  selling_points: z.array(z.string()),
  emotions: z.array(z.string()),
  /** Why it spread. */
  why: z.string(),
});
export type ViralReport = z.infer<typeof viralReport>;

export const viralProject = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  status: z.number().int(),
  /** The running step, or why it failed. */
  step: z.string(),
  fail_reason: z.string(),
  transcript: z.string(),
  duration: z.number(),
  video_url: z.string(),
  cover: z.string(),
  report: viralReport.nullable(),
  credits: z.number().int(),
  create_time: z.string(),
});
export type ViralProject = z.infer<typeof viralProject>;

export const analysisVideo = endpoint({
  method: 'POST',
  path: '/api/coze/analysisVideo',
  paid: true,
  summary:
    'Analyse a viral video from its share link: extracted, transcribed, then the model reads its hook, beats, selling points, emotions and why it spread. Poll /api/coze/project',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ link: optionalText({ max: SHARE_TEXT_MAX }) }),
  data: z.object({ id: z.number().int() }),
});

export const listViralProjects = endpoint({
  method: 'GET',
  path: '/api/coze/project',
  summary: 'The caller\u2019s analyses, newest first; with id, that one only',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ ...paging, id: optionalId() }),
  data: z.object({ list: z.array(viralProject), total: z.number().int() }),
});

export const deleteViralProject = endpoint({
  method: 'DELETE',
  path: '/api/coze/project',
  summary: 'Delete one of the caller\u2019s analyses (a running one included: it stops at its next step)',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const mimicScript = endpoint({
  method: 'POST',
  path: '/api/coze/mimicScript',
  paid: true,
  summary: 'A new script for the caller\u2019s topic with the analysed video\u2019s beats, one for one',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ id: id(), topic: optionalText({ max: TOPIC_MAX }) }),
  data: z.object({ id: z.number().int(), beats: z.array(viralBeat), script: z.string() }),
});

export const ipReport = z.object({
  positioning: z.string(),
  audience: z.string(),
  pillars: z.array(z.string()),
  style: z.string(),
  suggestions: z.array(z.string()),
});
export type IpReport = z.infer<typeof ipReport>;

export const analysisIp = endpoint({
  method: 'POST',
  path: '/api/coze/analysisIp',
  paid: true,
  summary:
    'Positioning, audience and content pillars of a creator, from a profile link (read through /api/tikTok/profile) or pasted profile text',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ link: optionalText({ max: SHARE_TEXT_MAX }), text: optionalText({ max: TEXT_IN_MAX }) }),
  data: z.object({ id: z.number().int(), profile: z.string(), report: ipReport }),
});

export const viralTopic = z.object({ title: z.string(), angle: z.string() });
export type ViralTopic = z.infer<typeof viralTopic>;

export const proposeTopics = endpoint({
  method: 'POST',
  path: '/api/coze/topic',
  paid: true,
  summary: 'Topic proposals for an account (its positioning or any description)',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({
    text: optionalText({ max: TEXT_IN_MAX }),
    count: intWithDefault(6, { min: 1, max: 12 }),
  }),
  data: z.object({ id: z.number().int(), list: z.array(viralTopic) }),
});

export const generateScript = endpoint({
  method: 'POST',
  path: '/api/coze/generateScript',
  paid: true,
  summary: 'Copy for a topic in a style and length (generate), or a given text rewritten or polished',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({
    action: choiceWithDefault(COPY_ACTIONS, 'generate'),
    topic: optionalText({ max: TOPIC_MAX }),
    text: optionalText({ max: TEXT_IN_MAX }),
    style: choiceWithDefault(COPY_STYLES, '口播种草'),
    length: choiceWithDefault(COPY_LENGTHS, '300'),
  }),
  data: z.object({ id: z.number().int(), content: z.string() }),
});

export const copyTrace = z.object({
  id: z.number().int(),
  kind: z.enum(COPY_KINDS),
  topic: z.string(),
  style: z.string(),
  input: z.string(),
  content: z.string(),
  credits: z.number().int(),
  create_time: z.string(),
});
export type CopyTrace = z.infer<typeof copyTrace>;

export const listCopyTrace = endpoint({
  method: 'GET',
  path: '/api/coze/trace',
  summary: 'What the caller\u2019s viral tools generated, newest first; kind filters',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ ...paging, kind: blankOr(z.enum(COPY_KINDS)) }),
  data: z.object({ list: z.array(copyTrace), total: z.number().int() }),
});

export const deleteCopyTrace = endpoint({
  method: 'DELETE',
  path: '/api/coze/trace',
  summary: 'Delete one generated copy of the caller\u2019s',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const tikTokProfile = z.object({
  link: z.string(),
  nickname: z.string(),
  bio: z.string(),
  /** Readable text of the page (titles of recent videos where the page shows them). */
  text: z.string(),
});
export type TikTokProfile = z.infer<typeof tikTokProfile>;

export const readTikTokProfile = endpoint({
  method: 'GET',
  path: '/api/tikTok/profile',
  summary: 'Read a creator\u2019s public profile page (name, bio, visible titles) from its link',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ link: optionalText({ max: SHARE_TEXT_MAX }) }),
  data: tikTokProfile,
});

/** One scene of a one-click video: its line, and who says it in which voice. */
export const cozeScene = z.object({
  text: z.string(),
  video_id: z.number().int(),
  voice_id: z.number().int(),
});
export type CozeScene = z.infer<typeof cozeScene>;

export const cozeRun = z.object({
  id: z.number().int(),
  topic: z.string(),
  style: z.string(),
  api: z.string(),
  scenes: z.array(cozeScene),
  /** 1 draft (scenes editable), 2 submitted as a multi-scene work. */
  status: z.number().int(),
  work_id: z.number().int(),
  credits: z.number().int(),
  create_time: z.string(),
});
export type CozeRun = z.infer<typeof cozeRun>;
export const COZE_RUN_STATUS = { draft: 1, submitted: 2 } as const;

export const cozeDraft = endpoint({
  method: 'POST',
  path: '/api/coze/video',
  paid: true,
  summary:
    'One-click viral video, step one: the model writes a script for the topic, cut into scenes given to the chosen avatars in turn with the chosen voice',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({
    topic: optionalText({ max: TOPIC_MAX }),
    style: choiceWithDefault(COPY_STYLES, '口播种草'),
    /** Comma-separated avatar ids; scenes take them in turn. */
    video_ids: optionalIdList({ max: COZE_AVATARS_MAX }),
    voice_id: optionalId(),
    api: optionalText({ max: 32 }),
    scenes: intWithDefault(4, { min: 1, max: COZE_SCENES_MAX }),
  }),
  data: cozeRun,
});

export const listCozeRuns = endpoint({
  method: 'GET',
  path: '/api/coze/videoHistory',
  summary: 'The caller\u2019s one-click video runs, newest first; with id, that one only',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ ...paging, id: optionalId() }),
  data: z.object({ list: z.array(cozeRun), total: z.number().int() }),
});

export const submitCozeRun = endpoint({
  method: 'POST',
  path: '/api/coze/videoSubmit',
  paid: true,
  summary: 'Submit a run\u2019s (edited) scenes as one multi-scene work',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({
    id: id(),
    name: optionalText({ max: 64 }),
    api: optionalText({ max: 32 }),
    /** JSON list of {text, video_id, voice_id}; absent = the run's scenes as generated. */
    scenes: text({ max: 200000 }).optional(),
  }),
  data: z.object({ work_id: z.number().int(), credits: z.number().int() }),
});

export const deleteCozeRun = endpoint({
  method: 'DELETE',
  path: '/api/coze/videoHistory',
  summary: 'Delete one run of the caller\u2019s (its work, if any, stays in my works)',
  tag: 'viral',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

/**
 * Calls of screens that are not open yet (employee bots, music, product cards): every method of
 * these prefixes answers code 1 功能暂未开放.
 */
export const COMING_SOON_API = ['/api/bot/', '/api/music/', '/api/tikTok/product'] as const;

export const viralEndpoints = {
  analysisVideo,
  listViralProjects,
  deleteViralProject,
  mimicScript,
  analysisIp,
  proposeTopics,
  generateScript,
  listCopyTrace,
  deleteCopyTrace,
  readTikTokProfile,
  cozeDraft,
  listCozeRuns,
  submitCozeRun,
  deleteCozeRun,
} as const;
