import { startLoopbackFake, type FakeServer } from '../../../../test/loopback-fake.js';
import type { FakeSegment } from './fake-openai-transcription.js';

/**
 * Loopback stand-in for Volcengine 大模型录音文件识别标准版 API
 * (https://www.volcengine.com/docs/6561/1354868): `POST /api/v3/auc/bigmodel/submit` and
 * `POST /api/v3/auc/bigmodel/query`, keyed by the `X-Api-Request-Id` header, status in the
 * `X-Api-Status-Code` reply header (20000000 done, 20000001 processing, 20000002 queued,
 * 45000001 bad request), result `{audio_info:{duration}, result:{text, utterances:[{start_time,end_time,text}]}}`
 * in milliseconds. Each task answers "processing" `pendingPolls` times before its result.
 */

export interface FakeVolcAsrOptions {
  appId: string;
  accessToken: string;
  durationMs: number;
  segments: FakeSegment[];
  pendingPolls?: number;
}

export async function startFakeVolcAsr(opts: FakeVolcAsrOptions): Promise<FakeServer & { submitted: Record<string, unknown>[] }> {
  const tasks = new Map<string, number>();
  const submitted: Record<string, unknown>[] = [];
  const status = (code: string, message = 'OK') => ({ 'X-Api-Status-Code': code, 'X-Api-Message': message, 'X-Tt-Logid': 'fake' });
  const fake = await startLoopbackFake((req) => {
    const h = req.headers;
    if (h['x-api-app-key'] !== opts.appId || h['x-api-access-key'] !== opts.accessToken)
      return { status: 401, headers: status('45000010', 'invalid auth token'), body: {} };
    if (h['x-api-resource-id'] !== 'volc.bigasr.auc' || h['x-api-sequence'] !== '-1')
      return { headers: status('45000001', 'invalid resource id'), body: {} };
    const id = String(h['x-api-request-id'] ?? '');
    if (req.path === '/api/v3/auc/bigmodel/submit') {
      const body = req.json();
      const audio = body.audio as { url?: string } | undefined;
      if (!audio?.url) return { headers: status('45000001', 'audio.url missing'), body: {} };
      submitted.push(body);
      tasks.set(id, 0);
      return { headers: status('20000000'), body: {} };
    }
    if (req.path === '/api/v3/auc/bigmodel/query') {
      const polls = tasks.get(id);
      if (polls === undefined) return { headers: status('45000001', 'task not found'), body: {} };
      tasks.set(id, polls + 1);
      if (polls < (opts.pendingPolls ?? 1)) return { headers: status(polls === 0 ? '20000002' : '20000001', 'processing'), body: {} };
      return {
        headers: status('20000000'),
        body: {
          audio_info: { duration: opts.durationMs },
          result: {
            additions: { duration: String(opts.durationMs) },
            text: opts.segments.map((s) => s.text).join(''),
            utterances: opts.segments.map((s) => ({
              start_time: Math.round(s.start * 1000),
              end_time: Math.round(s.end * 1000),
              text: s.text,
              words: [],
            })),
          },
        },
      };
    }
    return { status: 404, body: {} };
  });
  return Object.assign(fake, { submitted });
}
