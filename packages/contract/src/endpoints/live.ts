import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, paging, text } from '../fields.js';
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
