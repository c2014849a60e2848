import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, int, optionalFlag, optionalId, optionalText, paging, text } from '../fields.js';
import { liveAvatarAssets } from './live-avatar.js';
import { LIVE_ANSWER_MAX, LIVE_QUESTIONS_MAX } from './live-messages.js';

/** One entry of the live Q&A library: the ways a visitor may ask, and the answer spoken. */
export const liveQa = z.object({
  id: z.number().int(),
  questions: z.array(z.string()),
  answer: z.string(),
  updated_at: z.string(),
});
export type LiveQa = z.infer<typeof liveQa>;

const qaFields = {
  /** The question's variants, one per line (at most LIVE_QUESTIONS_MAX). */
  questions: text({ max: LIVE_QUESTIONS_MAX * 201 }),
  answer: text({ max: LIVE_ANSWER_MAX }),
};

export const listLiveQas = endpoint({
  method: 'GET',
  path: '/api/user/live/qa/list',
  summary: 'Your live Q&A library, newest first',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ ...paging }),
  data: z.object({ list: z.array(liveQa), total: z.number().int(), fallback: z.string() }),
});

export const saveLiveQa = endpoint({
  method: 'POST',
  path: '/api/user/live/qa/save',
  summary: 'Add a Q&A entry, or change one of yours (with its id)',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ id: id().optional(), ...qaFields }),
  data: liveQa,
});

export const deleteLiveQa = endpoint({
  method: 'POST',
  path: '/api/user/live/qa/delete',
  summary: 'Delete one of your Q&A entries',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: z.object({}),
});

export const saveLiveFallback = endpoint({
  method: 'POST',
  path: '/api/user/live/qa/fallback',
  summary: 'The answer spoken when no Q&A entry matches well (empty: the default one)',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ answer: text({ max: 500 }) }),
  data: z.object({ fallback: z.string() }),
});

export const matchLiveQa = endpoint({
  method: 'POST',
  path: '/api/user/live/qa/match',
  summary: 'The answer your Q&A library gives a question: the best entry, or the fallback when none fits well',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ question: text({ max: 500, min: 1 }) }),
  data: z.object({ answer: z.string(), qa_id: z.number().int().nullable(), score: z.number() }),
});

/** Where a live answer comes from: 1 the owner's Q&A library, 2 the configured chat model. */
export const LIVE_SOURCES = { qa: 1, chat: 2 } as const;
/** Frames of mouth shapes per second of an answer's audio (`audio` events' `visemes`). */
export const LIVE_VISEME_FPS = 25;
/** Bytes of one viseme frame: open, a, i, u, m, each 0..255. */
export const LIVE_VISEME_BYTES = 5;
/** The longest question one ask speaks to. */
export const LIVE_QUESTION_MAX = 500;

/** A session id: opaque, unguessable (a widget's visitors share its key). */
const sessionId = () => text({ min: 1, max: 64 });

/** One live configuration: the avatar, the voice, where answers come from and who it is, and its widget. */
export const liveConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_id: z.number().int(),
  avatar_name: z.string(),
  avatar_cover: z.string(),
  voice_id: z.number().int(),
  voice_name: z.string(),
  /** LIVE_SOURCES: 1 Q&A library, 2 chat model. */
  source: z.number().int(),
  /** The system prompt of the chat model ('' none). */
  persona: z.string(),
  /** Spoken when a session starts ('' none). */
  greeting: z.string(),
  /** The embeddable widget: on or off, its public key once published, the sites that may embed it. */
  embed: z.object({ enabled: z.boolean(), key: z.string().nullable(), origins: z.array(z.string()) }),
  updated_at: z.string(),
});
export type LiveConfig = z.infer<typeof liveConfig>;

export const listLiveConfigs = endpoint({
  method: 'GET',
  path: '/api/user/live/config/list',
  summary: 'Your live configurations, newest first',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({}),
  data: z.object({ list: z.array(liveConfig) }),
});

export const saveLiveConfig = endpoint({
  method: 'POST',
  path: '/api/user/live/config/save',
  summary:
    'Add a live configuration, or change one of yours (with its id): your prepared avatar or a public actor, your voice or a public one',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({
    id: optionalId(),
    name: text({ min: 1, max: 64 }),
    avatar_id: id(),
    voice_id: id(),
    source: int({ min: 1, max: 2 }),
    persona: optionalText({ max: 1000 }),
    greeting: optionalText({ max: 200 }),
  }),
  data: liveConfig,
});

export const deleteLiveConfig = endpoint({
  method: 'POST',
  path: '/api/user/live/config/delete',
  summary: 'Delete one of your live configurations (its widget stops answering)',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: z.object({}),
});

export const liveOptionsData = z.object({
  /** Credits per started minute of a session. */
  price_per_minute: z.number().int(),
  /** The longest a session runs, in minutes. */
  max_minutes: z.number().int(),
  /** Sessions one account may have open at once. */
  max_sessions: z.number().int(),
  /** Credits of one answer of the chat model (source 2), on top of the minutes. */
  chat_price_per_answer: z.number().int(),
  /** Whether the chat model is configured (source 2 can answer). */
  chat_ready: z.boolean(),
  /** Whether speech transcription is configured (questions by microphone). */
  transcribe_ready: z.boolean(),
  /** Whether guest accounts may start sessions. */
  guests_allowed: z.boolean(),
  /** Whether the caller may start a session now (false for a guest while guests may not). */
  allowed_now: z.boolean(),
});
export type LiveOptions = z.infer<typeof liveOptionsData>;

export const liveOptions = endpoint({
  method: 'GET',
  path: '/api/user/live/options',
  summary: 'The prices and limits of live sessions, and what this site can do now',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({}),
  data: liveOptionsData,
});

const sessionStarted = z.object({
  session_id: z.string(),
  /** What the avatar says first ('' none): ask with greet=1 to hear it. */
  greeting: z.string(),
  avatar_id: z.number().int(),
  voice_id: z.number().int(),
  max_minutes: z.number().int(),
  price_per_minute: z.number().int(),
  /** Minutes reserved so far (the started minute included). */
  minutes_charged: z.number().int(),
  /** When the session ends at the latest (start + max_minutes), ISO 8601. */
  ends_at: z.string(),
  /** Until when the minutes charged run, ISO 8601: beat before then. */
  paid_until: z.string(),
});

export const startLiveSession = endpoint({
  method: 'POST',
  path: '/api/user/live/session/start',
  summary: 'Start a live session with one of your configurations: the first minute is charged now',
  tag: 'live',
  auth: 'user',
  paid: true,
  params: z.strictObject({ config_id: id() }),
  data: sessionStarted,
});

const askParams = {
  session_id: sessionId(),
  /** The visitor's question; ignored with greet=1. */
  question: optionalText({ max: LIVE_QUESTION_MAX }),
  /** 1: speak the configuration's greeting instead of answering. */
  greet: optionalFlag(),
};

/** Events of a live answer: each payload has a `message` field, as the chat's do. */
export const liveAskEvents = z.discriminatedUnion('event', [
  /** The next sentence of the answer, before its audio. */
  z.object({
    event: z.literal('sentence'),
    data: z.object({ message: z.string(), index: z.number().int(), text: z.string() }),
  }),
  /**
   * The sentence's speech and mouth shapes: `visemes` is base64 of frames × LIVE_VISEME_BYTES bytes
   * (open, a, i, u, m; 0..255), one frame per 1/fps s of the audio, frames = ceil(duration × fps).
   */
  z.object({
    event: z.literal('audio'),
    data: z.object({
      message: z.string(),
      index: z.number().int(),
      mime: z.string(),
      audio: z.string(),
      duration_ms: z.number().int(),
      fps: z.number().int(),
      visemes: z.string(),
    }),
  }),
  /** The whole answer has been sent: what was spoken, where it came from, the Q&A entry (or null). */
  z.object({
    event: z.literal('done'),
    data: z.object({
      message: z.string(),
      answer: z.string(),
      source: z.enum(['qa', 'fallback', 'chat', 'greeting']),
      qa_id: z.number().int().nullable(),
      /** Credits this answer cost (the chat model's price; 0 otherwise). */
      credits: z.number().int(),
    }),
  }),
  /** A newer question, or stop, interrupted this answer. */
  z.object({ event: z.literal('stopped'), data: z.object({ message: z.string() }) }),
  /** The answer failed; `message` says why (also as `msg`, with `code` 1, as the chat's errors). */
  z.object({
    event: z.literal('error'),
    data: z.object({ message: z.string().optional(), code: z.number().int(), msg: z.string() }),
  }),
]);

export const askLive = endpoint({
  method: 'GET',
  path: '/api/user/live/session/ask',
  summary:
    'Server-sent answer of the live avatar, sentence by sentence with speech and mouth shapes (token in the query); a new ask interrupts the answer in progress',
  tag: 'live',
  auth: 'user',
  noSign: true,
  params: z.strictObject(askParams),
  data: liveAskEvents,
});

const beatData = z.object({
  minutes_charged: z.number().int(),
  ends_at: z.string(),
  paid_until: z.string(),
  /** True once the session has ended (its longest length reached, or ended elsewhere). */
  ended: z.boolean(),
});

export const beatLiveSession = endpoint({
  method: 'POST',
  path: '/api/user/live/session/beat',
  summary: 'Keep a live session open (every 15–30 s): each new minute started is charged here',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ session_id: sessionId() }),
  data: beatData,
});

export const stopLiveAnswer = endpoint({
  method: 'POST',
  path: '/api/user/live/session/stop',
  summary: 'Stop the answer the live avatar is speaking',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ session_id: sessionId() }),
  data: z.object({}),
});

export const hearLiveQuestion = endpoint({
  method: 'POST',
  path: '/api/user/live/session/hear',
  summary:
    'Hear a spoken question (multipart field `file`: a recording of at most 30 s, signature over the query) and answer its text',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ session_id: sessionId() }),
  data: z.object({ text: z.string() }),
});

const endData = z.object({ minutes: z.number().int(), credits: z.number().int() });

export const endLiveSession = endpoint({
  method: 'POST',
  path: '/api/user/live/session/end',
  summary: 'End a live session: its minutes and what they cost',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ session_id: sessionId() }),
  data: endData,
});

export const publishLiveConfig = endpoint({
  method: 'POST',
  path: '/api/user/live/config/publish',
  summary:
    'Publish one of your configurations as a widget other sites embed (billed to you), or switch it off; origins one per line',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ id: id(), enabled: int({ min: 0, max: 1 }), origins: optionalText({ max: 4000 }) }),
  /**
   * iframe_url: `${site}/live-embed.html?key=…#/embed/live/…` (that page may be framed by the listed origins
   * only); script: a `<script src="${site}/embed/live.js" data-key="…">` tag that inserts the iframe.
   */
  data: z.object({ key: z.string(), iframe_url: z.string(), script: z.string() }),
});

/** A widget's public key. */
const embedKey = () => text({ min: 1, max: 64 });
/**
 * The widget's params: its key, and the origin of the page that embeds it (scheme://host[:port]), which the
 * widget's own page (served from this site inside the iframe) reads from its parent and sends along; a call
 * made from another site is judged by its Origin (or Referer) header instead.
 */
const embedParams = { key: embedKey(), host: optionalText({ max: 300 }) };

export const embedLiveConfig = endpoint({
  method: 'GET',
  path: '/api/embed/live/config',
  summary: 'A published live widget as its page shows it (the embedding site must be one of its origins)',
  tag: 'live',
  auth: 'none',
  params: z.strictObject(embedParams),
  data: z.object({ name: z.string(), greeting: z.string(), avatar_id: z.number().int(), voice_id: z.number().int() }),
});

export const embedLiveAvatar = endpoint({
  method: 'GET',
  path: '/api/embed/live/avatar',
  summary: 'What the widget page needs to animate its avatar: idle loop, mouth sprites and face track (the embedding site must be one of its origins)',
  tag: 'live',
  auth: 'none',
  params: z.strictObject(embedParams),
  data: liveAvatarAssets,
});

export const startEmbedLiveSession = endpoint({
  method: 'POST',
  path: '/api/embed/live/session/start',
  summary: 'Start a session of a published live widget, billed to its owner',
  tag: 'live',
  auth: 'none',
  params: z.strictObject(embedParams),
  data: sessionStarted,
});

export const askEmbedLive = endpoint({
  method: 'GET',
  path: '/api/embed/live/session/ask',
  summary: 'Server-sent answer of a widget session (as /api/user/live/session/ask)',
  tag: 'live',
  auth: 'none',
  noSign: true,
  params: z.strictObject({ ...embedParams, ...askParams }),
  data: liveAskEvents,
});

export const beatEmbedLiveSession = endpoint({
  method: 'POST',
  path: '/api/embed/live/session/beat',
  summary: 'Keep a widget session open',
  tag: 'live',
  auth: 'none',
  params: z.strictObject({ ...embedParams, session_id: sessionId() }),
  data: beatData,
});

export const stopEmbedLiveAnswer = endpoint({
  method: 'POST',
  path: '/api/embed/live/session/stop',
  summary: 'Stop the answer a widget session is speaking',
  tag: 'live',
  auth: 'none',
  params: z.strictObject({ ...embedParams, session_id: sessionId() }),
  data: z.object({}),
});

export const endEmbedLiveSession = endpoint({
  method: 'POST',
  path: '/api/embed/live/session/end',
  summary: 'End a widget session',
  tag: 'live',
  auth: 'none',
  params: z.strictObject({ ...embedParams, session_id: sessionId() }),
  data: endData,
});

/** The operator's rules of live sessions. */
export const liveSettings = z.object({
  /** Sessions longer than this many minutes are ended. */
  max_minutes: z.number().int(),
  /** Sessions one account may have open at once. */
  max_sessions: z.number().int(),
  /** Whether guest accounts may start sessions. */
  guests_allowed: z.boolean(),
  /** Sessions one widget may start per minute. */
  embed_starts_per_minute: z.number().int(),
  /** Sessions one widget may have open at once. */
  embed_max_sessions: z.number().int(),
});
export type LiveSettings = z.infer<typeof liveSettings>;

export const consoleLiveSettings = endpoint({
  method: 'GET',
  path: '/api/admin/live/settings',
  summary: 'The rules of live sessions (the price per minute is on the channel screen)',
  tag: 'admin',
  auth: 'operator',
  params: z.strictObject({}),
  data: liveSettings,
});

export const saveConsoleLiveSettings = endpoint({
  method: 'POST',
  path: '/api/admin/live/settings',
  summary: 'Change the rules of live sessions',
  tag: 'admin',
  auth: 'operator',
  params: z.strictObject({
    max_minutes: int({ min: 1, max: 600 }),
    max_sessions: int({ min: 1, max: 100 }),
    guests_allowed: int({ min: 0, max: 1 }),
    embed_starts_per_minute: int({ min: 1, max: 10_000 }),
    embed_max_sessions: int({ min: 1, max: 10_000 }),
  }),
  data: liveSettings,
});

/** The live digital human's calls. */
export const liveEndpoints = {
  listLiveQas,
  saveLiveQa,
  deleteLiveQa,
  saveLiveFallback,
  matchLiveQa,
  listLiveConfigs,
  saveLiveConfig,
  deleteLiveConfig,
  liveOptions,
  startLiveSession,
  askLive,
  beatLiveSession,
  stopLiveAnswer,
  endLiveSession,
  publishLiveConfig,
  embedLiveConfig,
  embedLiveAvatar,
  startEmbedLiveSession,
  askEmbedLive,
  beatEmbedLiveSession,
  stopEmbedLiveAnswer,
  endEmbedLiveSession,
  consoleLiveSettings,
  saveConsoleLiveSettings,
} as const;
