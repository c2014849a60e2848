import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { voiceMessages } from '@app/contract';
import type * as api from './api';

const replies: unknown[] = [];
const calls: { path: string; params: unknown }[] = [];
vi.mock('./api', async (original) => ({
  ...(await original<typeof api>()),
  call: (endpoint: { method: string; path: string }, params: unknown) => {
    calls.push({ path: `${endpoint.method} ${endpoint.path}`, params });
    return Promise.resolve(replies.shift());
  },
}));

const { runAudition } = await import('./audition');
const job = (status: number) => ({ status, url: 'http://x/a.mp3', file_id: 9, duration: 2, fail_reason: '' });

beforeEach(() => {
  vi.useFakeTimers();
  replies.length = 0;
  calls.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('audition', () => {
  it('polls the job every 3 s until it is done', async () => {
    replies.push({ job_id: 'j1' }, job(1), job(2), job(3));
    const result = runAudition({ voice_id: 1, text: '你好' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls.map((c) => c.path)).toEqual(['POST /api/user/audition']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(result).resolves.toMatchObject({ status: 3, file_id: 9 });
    expect(calls[1]?.params).toEqual({ job_id: 'j1' });
  });

  it('says 声音合成失败，请重新尝试 when the job fails', async () => {
    replies.push({ job_id: 'j2' }, job(4));
    const result = runAudition({ voice_id: 1, text: '你好' }, new AbortController().signal);
    const settled = expect(result).rejects.toThrow(voiceMessages.auditionFailed);
    await vi.advanceTimersByTimeAsync(3_000);
    await settled;
  });

  it('stops polling when abandoned', async () => {
    replies.push({ job_id: 'j3' });
    const stop = new AbortController();
    const result = runAudition({ voice_id: 1, text: '你好' }, stop.signal);
    const settled = expect(result).rejects.toThrow('stopped');
    await vi.advanceTimersByTimeAsync(1_000);
    stop.abort();
    await settled;
    expect(calls).toHaveLength(1);
  });
});
