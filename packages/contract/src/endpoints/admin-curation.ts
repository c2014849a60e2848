import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, int, intWithDefault, oneOf, optionalId, optionalInt, optionalText, text } from '../fields.js';
import { strictParams } from './site.js';

/**
 * The content the operator curates for the creative pages: recommended prompts of text-to-image,
 * text-to-video and image-to-video (with sample frames), inspiration-word groups and their words,
 * and the AI-writing topics.
 */
export const CURATION_KINDS = [
  'image_prompt',
  'video_prompt',
  'image_video_prompt',
  'inspiration_group',
  'inspiration_word',
  'write_topic',
] as const;
export type CurationKind = (typeof CURATION_KINDS)[number];
export const curationKindLabels: Record<CurationKind, string> = {
  image_prompt: '文生图提示词',
  video_prompt: '文生视频推荐',
  image_video_prompt: '图生视频推荐',
  inspiration_group: '灵感词分组',
  inspiration_word: '灵感词',
  write_topic: 'AI 写作话题',
};

export const curationMessages = {
  missing: '该内容不存在',
  saved: '已保存',
  created: '已新增',
  nameRequired: '请填写名称',
  nameTooLong: (max: number) => `名称不能超过${max}个字`,
  contentRequired: '请填写内容',
  groupRequired: '请选择灵感词分组',
  groupMissing: '灵感词分组不存在',
  imageRequired: '请上传首帧示例图',
  subTopicsRequired: '请至少填写一个子话题',
} as const;

/** One curated item; fields a kind does not use are '' or 0. */
export const consoleCurationItem = z.object({
  id: z.number().int(),
  /** Title of a prompt, name of a group, word or topic. */
  name: z.string(),
  /** The prompt text; a topic's sub-topics, one per line. */
  content: z.string(),
  /** The group of a word (0 otherwise). */
  group_id: z.number().int(),
  /** A group's rule: 0 keeps one word of it at a time. */
  is_multi: flag(),
  /** Sample first frame and last frame of an image-to-video prompt, a word's demo picture. */
  image: z.string(),
  image_tail: z.string(),
  hidden: flag(),
  sort: z.number().int(),
});
export type ConsoleCurationItem = z.infer<typeof consoleCurationItem>;

export const listConsoleCuration = endpoint({
  method: 'GET',
  path: '/api/admin/curation',
  summary: 'Curated prompts, inspiration groups and words, or AI-writing topics in page order, hidden ones included',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ kind: oneOf(CURATION_KINDS) }),
  data: z.object({ list: z.array(consoleCurationItem) }),
});

export const saveConsoleCuration = endpoint({
  method: 'POST',
  path: '/api/admin/curation/save',
  summary: 'Add (no id) or edit one curated item: name, content, group, rule, pictures, order and whether it is hidden',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    kind: oneOf(CURATION_KINDS),
    id: optionalId(),
    name: text({ max: 64 }),
    content: optionalText({ max: 2500 }),
    group_id: optionalId(),
    is_multi: optionalInt({ min: 0, max: 1 }),
    /** A new picture: the URL `upload/complete` gave; left out keeps the current one. */
    image: optionalText({ max: 2048 }),
    image_tail: optionalText({ max: 2048 }),
    /** 1 removes the last-frame sample. */
    clear_image_tail: optionalInt({ min: 0, max: 1 }),
    hidden: int({ min: 0, max: 1 }),
    sort: intWithDefault(0, { min: -100_000, max: 100_000 }),
  }),
  data: z.object({ id: z.number().int() }),
});

/** ComfyUI workflow templates the engine fills in, edited in the console. */
export const WORKFLOW_KINDS = ['text2image', 'text2video', 'image2video'] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];
export const workflowKindLabels: Record<WorkflowKind, string> = {
  text2image: '文生图',
  text2video: '文生视频',
  image2video: '图生视频',
};
/** Placeholders each template must contain (the engine fills them; others are optional). */
export const WORKFLOW_REQUIRED: Record<WorkflowKind, readonly string[]> = {
  text2image: ['{{prompt}}'],
  text2video: ['{{prompt}}'],
  image2video: ['{{image}}'],
};
/** Every placeholder the engine fills. */
export const WORKFLOW_PLACEHOLDERS = [
  '{{prompt}}',
  '{{negative_prompt}}',
  '{{width}}',
  '{{height}}',
  '{{count}}',
  '{{seed}}',
  '{{frames}}',
  '{{cfg}}',
  '{{image}}',
  '{{image_tail}}',
] as const;

export const workflowMessages = {
  saved: '工作流模板已保存，下一次生成即使用',
  notJson: '模板不是合法的 JSON',
  notGraph: '模板必须是 ComfyUI「导出(API)」格式：以节点编号为键、每个节点含 class_type 与 inputs 的对象',
  missingPlaceholder: (names: string) => `模板缺少必需的占位符：${names}`,
  unknownPlaceholder: (names: string) => `模板含有引擎不认识的占位符：${names}`,
  missing: '该工作流模板不存在',
} as const;

export const consoleWorkflow = z.object({
  kind: z.enum(WORKFLOW_KINDS),
  name: z.string(),
  /** The API-format graph as pretty JSON text. */
  graph: z.string(),
  update_time: z.string(),
});
export type ConsoleWorkflow = z.infer<typeof consoleWorkflow>;

export const listConsoleWorkflows = endpoint({
  method: 'GET',
  path: '/api/admin/workflows',
  summary: 'The ComfyUI workflow templates (text-to-image, text-to-video, image-to-video) with their placeholders',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ list: z.array(consoleWorkflow) }),
});

export const saveConsoleWorkflow = endpoint({
  method: 'POST',
  path: '/api/admin/workflows/save',
  summary: 'Replace a ComfyUI workflow template: API-format JSON with the placeholders the engine fills; used from the next order',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    kind: oneOf(WORKFLOW_KINDS),
    name: text({ max: 64, min: 1 }),
    graph: text({ max: 200_000, min: 2 }),
  }),
  data: z.null(),
});
