import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, choiceWithDefault, id, optionalId, optionalText, paging, text } from '../fields.js';
import { noData } from './account.js';
import { viralReport } from './viral.js';

/** Price of one question and its answer (spec 001 §9). */
export const CHAT_CREDITS = 10;
/** The spec's two models: v3 by default, r1 when deep thinking is on. */
export const CHAT_MODELS = ['v3', 'r1'] as const;
export type ChatModelKey = (typeof CHAT_MODELS)[number];
/** A question is at most this long. */
export const CHAT_QUESTION_MAX = 4000;
/** A text material (saved answer, extracted script) is at most this long. */
export const TEXT_MATERIAL_MAX = 20000;

/**
 * An answer's state: 1 waiting for its stream, 2 streaming, 3 complete, 4 failed (nothing charged),
 * 5 stopped by the user (the part received is kept).
 */
export const CHAT_STATUS = { pending: 1, streaming: 2, done: 3, failed: 4, stopped: 5 } as const;

/** The operator's price of one question per model, and whether the model is on. */
export const chatPrice = z.object({ model: z.enum(CHAT_MODELS), credits: z.number().int(), enabled: z.boolean() });
export type ChatPrice = z.infer<typeof chatPrice>;

export const chatRecord = z.object({ id: z.number().int(), title: z.string(), create_time: z.string() });
export type ChatRecord = z.infer<typeof chatRecord>;

export const chatMessage = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The r1 model's thinking, apart from the answer; '' otherwise. */
  reasoning: z.string(),
  model: z.enum(CHAT_MODELS),
  status: z.number().int(),
  create_time: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const listChatRecords = endpoint({
  method: 'GET',
  path: '/api/chat/record',
  summary: 'The caller\u2019s conversations, latest first, with the price of a question per model',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({ ...paging }),
  data: z.object({ list: z.array(chatRecord), total: z.number().int(), prices: z.array(chatPrice) }),
});

export const deleteChatRecord = endpoint({
  method: 'DELETE',
  path: '/api/chat/record',
  summary: 'Delete one of the caller\u2019s conversations with its messages',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const listChatMessages = endpoint({
  method: 'GET',
  path: '/api/chat/messageList',
  summary: 'The messages of one of the caller\u2019s conversations, oldest first',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({ cid: id() }),
  data: z.object({ list: z.array(chatMessage) }),
});

export const sendChatMessage = endpoint({
  method: 'POST',
  path: '/api/chat/sendMessage',
  paid: true,
  summary:
    'Ask a question (10 points held); opens a conversation when cid is empty. Read the answer from /api/chat/index',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({
    cid: optionalId(),
    content: text({ max: CHAT_QUESTION_MAX }),
    model: choiceWithDefault(CHAT_MODELS, 'v3'),
  }),
  data: z.object({ cid: z.number().int(), mid: z.number().int() }),
});

/** Events of the answer stream: each payload has a `message` field (spec 001 §7). */
export const chatStreamEvents = z.discriminatedUnion('event', [
  /** A piece of the answer. */
  z.object({ event: z.literal('message'), data: z.object({ message: z.string() }) }),
  /** A piece of the r1 model's thinking. */
  z.object({ event: z.literal('reasoning'), data: z.object({ message: z.string() }) }),
  /** The answer is complete (status 3) or ended early (4, 5); `credits` is what it cost. */
  z.object({
    event: z.literal('done'),
    data: z.object({ message: z.string(), mid: z.number().int(), status: z.number().int(), credits: z.number().int() }),
  }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.number().int(), msg: z.string() }) }),
]);

export const chatAnswerStream = endpoint({
  method: 'GET',
  path: '/api/chat/index',
  summary: 'Server-sent answer to the question sent as mid (token in the query)',
  tag: 'chat',
  auth: 'user',
  noSign: true,
  params: z.strictObject({ cid: id(), mid: id() }),
  data: chatStreamEvents,
});

export const textMaterial = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.string(),
  text: z.string(),
  create_time: z.string(),
});
export type TextMaterial = z.infer<typeof textMaterial>;

export const saveTextMaterial = endpoint({
  method: 'POST',
  path: '/api/user/textMaterial',
  summary: 'Save a text (a chat answer, a script) as a text material',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({
    name: optionalText({ max: 64 }),
    /** Where it came from: chat, analyse, studio… */
    source: blankOr(text({ max: 16 })),
    text: optionalText({ max: TEXT_MATERIAL_MAX }),
  }),
  data: z.object({ id: z.number().int() }),
});

export const deleteTextMaterial = endpoint({
  method: 'DELETE',
  path: '/api/user/textMaterial',
  summary: 'Delete one of the caller\u2019s text materials',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const listTextMaterials = endpoint({
  method: 'GET',
  path: '/api/text/analyse',
  summary: 'The caller\u2019s text materials, newest first; source filters',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({ ...paging, source: blankOr(text({ max: 16 })) }),
  data: z.object({ list: z.array(textMaterial), total: z.number().int() }),
});

export const editTextMaterial = endpoint({
  method: 'POST',
  path: '/api/text/analyse',
  paid: true,
  summary:
    'With id: rename or rewrite one of the caller\u2019s text materials. Without id: analyse the pasted text the way a viral video\u2019s transcript is analysed (hook, beats, selling points, emotions, why it spread; priced like one chat question), kept as a viral project',
  tag: 'chat',
  auth: 'user',
  params: z.strictObject({
    id: optionalId(),
    name: optionalText({ max: 64 }),
    text: optionalText({ max: TEXT_MATERIAL_MAX }),
  }),
  data: z.union([noData, z.object({ id: z.number().int(), report: viralReport })]),
});

export const chatEndpoints = {
  listChatRecords,
  deleteChatRecord,
  listChatMessages,
  sendChatMessage,
  chatAnswerStream,
  saveTextMaterial,
  deleteTextMaterial,
  listTextMaterials,
  editTextMaterial,
} as const;
