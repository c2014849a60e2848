import { startLoopbackFake, type FakeServer, type FakeRequest } from '../../../../test/loopback-fake.js';

/**
 * Loopback stand-in for OpenAI's `POST /v1/audio/transcriptions` as documented in the OpenAI API
 * reference (Audio › Create transcription, `response_format=verbose_json`,
 * `timestamp_granularities[]=segment`): multipart upload, reply
 * `{task, language, duration, text, segments:[{id, seek, start, end, text, …}]}` with times in seconds.
 * Answers instantly with a scripted transcript (per request, to exercise chunking).
 */

export interface FakeSegment {
  start: number;
  end: number;
  text: string;
}

export interface FakeTranscriptReply {
  /** verbose_json names the language in English words. */
  language?: string;
  duration: number;
  segments: FakeSegment[];
}

export interface FakeOpenAiTranscription extends FakeServer {
  /** `/v1` base URL to configure as TRANSCRIPTION_OPENAI_URL. */
  baseUrl: string;
}

export async function startFakeOpenAiTranscription(
  reply:
    | FakeTranscriptReply
    | ((
        req: FakeRequest,
        index: number,
      ) => FakeTranscriptReply | { status: number; body: unknown } | Promise<FakeTranscriptReply | { status: number; body: unknown }>),
): Promise<FakeOpenAiTranscription> {
  const fake = await startLoopbackFake(async (req, index) => {
    if (req.method !== 'POST' || req.path !== '/v1/audio/transcriptions')
      return { status: 404, body: { error: { message: 'not found' } } };
    if (!String(req.headers['content-type'] ?? '').startsWith('multipart/form-data'))
      return { status: 400, body: { error: { message: 'multipart body expected' } } };
    const r = typeof reply === 'function' ? await reply(req, index) : reply;
    if ('status' in r) return { status: r.status, body: r.body as object };
    return {
      body: {
        task: 'transcribe',
        language: r.language ?? 'chinese',
        duration: r.duration,
        text: r.segments.map((s) => s.text).join(''),
        segments: r.segments.map((s, id) => ({
          id,
          seek: 0,
          start: s.start,
          end: s.end,
          text: s.text,
          tokens: [],
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.2,
          no_speech_prob: 0.01,
        })),
      },
    };
  });
  return { ...fake, baseUrl: `${fake.url}/v1` };
}
