import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { choiceWithDefault, optionalDisplayName, text } from '../fields.js';
import { videoChannelKeys } from './works.js';
import { SLIDERS } from './voice.js';
import { SCRIPT_RAW_MAX } from '../script.js';
import { captionParamFields } from '../captions.js';
import { finishParamFields } from '../finish.js';

/** At most this many scenes in one work (HeyGen allows 50). */
export const MULTI_SCENES_MAX = 50;
/** All scenes' scripts together, counted without tags. */
export const MULTI_SCRIPT_TOTAL_MAX = 20000;
export const DRIVE_MODES = ['serial', 'random'] as const;
export const OUTPUT_MODES = ['video', 'audio'] as const;

const idLike = z.union([
  z.number().int().min(0).max(2147483647),
  z
    .string()
    .regex(/^\d{0,10}$/)
    .transform(Number),
]);
const numberLike = (r: { min: number; max: number }) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,9}(\.\d{1,6})?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(r.min).max(r.max));

/** One item of `content` (spec 001 §3 "Multi-scene submit item"). */
export const multiSceneItem = z.object({
  type: z.enum(['text', 'audio']),
  /** Audio scene: the uploaded recording (POST /api/upload/complete, file_type voice). */
  file_id: idLike.optional(),
  /** Counted like the studio's script (at most its channel's limit); the raw bound leaves room for tags. */
  text: z.string().max(SCRIPT_RAW_MAX).optional(),
  voice_id: idLike.optional(),
  rate: numberLike(SLIDERS.rate).optional(),
  volume: numberLike(SLIDERS.volume).optional(),
  pitch: numberLike(SLIDERS.pitch).optional(),
  video_id: idLike.optional(),
  /** The avatar's duration as the client saw it (informative; the server reads its own). */
  video_duration: z.union([z.number(), z.string()]).optional(),
});
export type MultiSceneItem = z.input<typeof multiSceneItem>;
export const multiSceneContent = z.array(multiSceneItem);

export const saveMultiWork = endpoint({
  method: 'POST',
  path: '/api/user/multiWorks',
  paid: true,
  summary:
    'Submit a multi-scene work: each scene rendered as its own job, then joined into one video (or one m4a with output_mode audio)',
  tag: 'works',
  auth: 'user',
  params: z.strictObject({
    name: optionalDisplayName(),
    /** A video channel (model V3.0); each scene is rendered by its engine. */
    api: z.enum(videoChannelKeys).optional(),
    drive_mode: choiceWithDefault(DRIVE_MODES, 'serial'),
    output_mode: choiceWithDefault(OUTPUT_MODES, 'video'),
    /** JSON list of scene items. */
    content: text({ max: 200000 }).optional(),
    /** Beyond the spec's fields: burned-in captions on every scene, one style for all (optional, off by default). */
    ...captionParamFields,
    /** Beyond the spec's fields: one backdrop behind every scene's (screen-recorded) presenter, and music under the whole work. */
    ...finishParamFields,
  }),
  data: z.object({ id: z.number().int(), credits: z.number().int() }),
});

export const multiSceneEndpoints = { saveMultiWork } as const;
