import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, choiceWithDefault, decimal, id, intWithDefault, oneOf, optionalText, text } from '../fields.js';
import { noData } from './account.js';

/** Image and video generation records (spec 001 §4): 3 success, 4 failed, anything else in progress. */
export const GENERATION_STATUS = { queued: 1, running: 2, success: 3, failed: 4 } as const;

export const IMAGE_RATIOS = ['1:1', '16:9', '9:16', '2:3'] as const;
export type ImageRatio = (typeof IMAGE_RATIOS)[number];
export const VIDEO_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const VIDEO_MODES = ['std', 'pro'] as const;
export const VIDEO_DURATIONS = ['5', '10'] as const;

/** Prices and limits of spec 001 §9. */
export const AI_MEDIA_RULES = {
  creditsPerImage: 10,
  maxImages: 4,
  videoCredits: { std: { 5: 360, 10: 720 }, pro: { 5: 600, 10: 1200 } },
  imageMaxBytes: 10 * 1024 * 1024,
  imageMinSide: 300,
  promptMax: 2500,
  cfgDefault: 0.5,
  cfgWarnAt: 0.75,
  historyPollMs: 15_000,
  presetSearchDebounceMs: 300,
  carouselMs: 2000,
  recommendCount: { image: 3, text: 3, image2video: 5 },
} as const;

export const videoCredits = (mode: 'std' | 'pro', duration: 5 | 10): number =>
  AI_MEDIA_RULES.videoCredits[mode][duration];

/** Price keys of a video: mode and duration, e.g. `std-5`. */
export const videoPriceKey = (mode: 'std' | 'pro', duration: 5 | 10 | '5' | '10') => `${mode}-${duration}`;

/** One price as the operator set it: `image` (per picture) or a video's `videoPriceKey`. */
export const generationPrice = z.object({ api: z.string(), credits: z.number().int(), enabled: z.boolean() });
export type GenerationPrice = z.infer<typeof generationPrice>;

/** Whether the operator configured an engine (and if not which setting enables one), and the prices. */
export const generationService = z.object({
  available: z.boolean(),
  /** The configuration hint when unavailable; '' otherwise. */
  message: z.string(),
  prices: z.array(generationPrice),
});

export const imageRecord = z.object({
  id: z.number().int(),
  status: z.number().int(),
  /** The stored pictures of a success. */
  url: z.array(z.string()),
  text: z.string(),
  ratio: z.string(),
  num: z.number().int(),
  /** The reference picture's URL, '' without one. */
  image: z.string(),
  fail_reason: z.string(),
  credits: z.number().int(),
  /** 1-based place in the engine's queue while waiting; 0 otherwise. */
  queue_position: z.number().int(),
  create_time: z.string(),
});
export type ImageRecord = z.infer<typeof imageRecord>;

export const videoRecord = z.object({
  id: z.number().int(),
  status: z.number().int(),
  type: z.enum(['text', 'image']),
  prompt: z.string(),
  negative_prompt: z.string(),
  cfg_scale: z.number(),
  mode: z.string(),
  duration: z.number(),
  aspect_ratio: z.string(),
  image: z.string(),
  image_tail: z.string(),
  /** The editor's HTML and chosen words, as the client sent them (JSON text). */
  org_data: z.string(),
  cover: z.string(),
  url: z.string(),
  fail_reason: z.string(),
  credits: z.number().int(),
  queue_position: z.number().int(),
  create_time: z.string(),
});
export type VideoRecord = z.infer<typeof videoRecord>;

export const recommendedPrompt = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  image: z.string(),
  image_tail: z.string(),
  alt: z.string(),
});
export type RecommendedPrompt = z.infer<typeof recommendedPrompt>;

export const inspirationWord = z.object({
  id: z.number().int(),
  name: z.string(),
  demo_url: z.string(),
  is_multi: z.union([z.literal(0), z.literal(1)]),
});
export type InspirationWord = z.infer<typeof inspirationWord>;
export const inspirationGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  is_multi: z.union([z.literal(0), z.literal(1)]),
  list: z.array(inspirationWord),
});
export type InspirationGroup = z.infer<typeof inspirationGroup>;

export const userPreset = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  create_time: z.string(),
});
export type UserPreset = z.infer<typeof userPreset>;

/** A picture as the client names it: the url `upload/complete` or a recommendation gave. */
const pictureUrl = () => optionalText({ max: 2048 });
const prompt = () => optionalText({ max: AI_MEDIA_RULES.promptMax });

export const imagePrompt = endpoint({
  method: 'GET',
  path: '/api/user/imagePrompt',
  summary: 'Three random recommended prompts for text-to-image',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ type: choiceWithDefault(['text'], 'text') }),
  data: z.object({ list: z.array(recommendedPrompt) }),
});

export const listImageGenerate = endpoint({
  method: 'GET',
  path: '/api/user/imageGenerate',
  summary: 'The caller\u2019s text-to-image records, newest first, and whether the service is configured',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({
    type: choiceWithDefault(['text'], 'text'),
    page: intWithDefault(1, { min: 1, max: 100000 }),
    limit: intWithDefault(50, { min: 0, max: 9999 }),
  }),
  data: z.object({ list: z.array(imageRecord), total: z.number().int(), service: generationService }),
});

export const createImageGenerate = endpoint({
  method: 'POST',
  path: '/api/user/imageGenerate',
  paid: true,
  summary: 'Generate 1–4 pictures from a description (the operator\u2019s price each, 10 by default), optionally from a reference picture',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({
    type: choiceWithDefault(['text'], 'text'),
    text: prompt(),
    image: pictureUrl(),
    ratio: choiceWithDefault(IMAGE_RATIOS, '1:1'),
    num: intWithDefault(1, { min: 1, max: AI_MEDIA_RULES.maxImages }),
  }),
  data: z.object({ id: z.number().int() }),
});

export const deleteImageGenerate = endpoint({
  method: 'DELETE',
  path: '/api/user/imageGenerate',
  summary: 'Delete a finished or failed text-to-image record and its pictures',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const videoPrompt = endpoint({
  method: 'GET',
  path: '/api/user/videoPrompt',
  summary: 'The inspiration-word library: groups (is_multi 0 keeps one choice) and their words',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({}),
  data: z.object({ list: z.array(inspirationGroup) }),
});

export const videoPromptRecommend = endpoint({
  method: 'GET',
  path: '/api/user/videoPromptRecommend',
  summary: 'Random recommendations: three for text-to-video, five (with sample pictures) for image-to-video',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ type: choiceWithDefault(['text', 'image'], 'text') }),
  data: z.object({ list: z.array(recommendedPrompt) }),
});

export const listUserPrompt = endpoint({
  method: 'GET',
  path: '/api/user/userPrompt',
  summary: 'The caller\u2019s presets, filtered by a keyword in title or content',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ search: blankOr(text({ max: 64 })), keyword: blankOr(text({ max: 64 })) }),
  data: z.object({ list: z.array(userPreset) }),
});

export const createUserPrompt = endpoint({
  method: 'POST',
  path: '/api/user/userPrompt',
  summary: 'Save a preset: title and content (or content only, titled from its start)',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ title: optionalText({ max: 64 }), content: prompt() }),
  data: z.object({ id: z.number().int() }),
});

export const deleteUserPrompt = endpoint({
  method: 'DELETE',
  path: '/api/user/userPrompt',
  summary: 'Delete one of the caller\u2019s presets',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const listVideoGenerate = endpoint({
  method: 'GET',
  path: '/api/user/videoGenerate',
  summary: 'The caller\u2019s generated videos of one type (text or image), newest first, under data.list',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({
    type: choiceWithDefault(['text', 'image'], 'text'),
    page: intWithDefault(1, { min: 1, max: 100000 }),
    limit: intWithDefault(50, { min: 0, max: 9999 }),
  }),
  data: z.object({ list: z.array(videoRecord), total: z.number().int(), service: generationService }),
});

export const createVideoGenerate = endpoint({
  method: 'POST',
  path: '/api/user/videoGenerate',
  paid: true,
  summary: 'Generate a video from a description (type text) or from a first frame and optional last frame (type image)',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({
    type: choiceWithDefault(['text', 'image'], 'text'),
    prompt: prompt(),
    negative_prompt: optionalText({ max: AI_MEDIA_RULES.promptMax }),
    cfg_scale: blankOr(decimal({ min: 0, max: 1 })),
    mode: choiceWithDefault(VIDEO_MODES, 'std'),
    duration: choiceWithDefault(VIDEO_DURATIONS, '5'),
    aspect_ratio: choiceWithDefault(VIDEO_RATIOS, '16:9'),
    org_data: optionalText({ max: 20000 }),
    image: pictureUrl(),
    image_tail: pictureUrl(),
    /** Image-to-video tab: 1 first and last frame (image_tail allowed), 2 image reference. */
    image_mode: blankOr(oneOf(['1', '2'])),
  }),
  data: z.object({ id: z.number().int() }),
});

export const deleteVideoGenerate = endpoint({
  method: 'DELETE',
  path: '/api/user/videoGenerate',
  summary: 'Delete a finished or failed generated video',
  tag: 'ai-media',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const aiMediaEndpoints = {
  imagePrompt,
  listImageGenerate,
  createImageGenerate,
  deleteImageGenerate,
  videoPrompt,
  videoPromptRecommend,
  listUserPrompt,
  createUserPrompt,
  deleteUserPrompt,
  listVideoGenerate,
  createVideoGenerate,
  deleteVideoGenerate,
} as const;
