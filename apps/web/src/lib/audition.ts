import { useMutation } from '@tanstack/react-query';
import { AUDITION_POLL_MS, getAudition, startAudition, voiceMessages, type DataOf, type ParamsOf } from '@app/contract';
import { ApiError, call } from './api';

export type AuditionRequest = ParamsOf<typeof startAudition>;
export type AuditionResult = DataOf<typeof getAudition>;

/** Audition status: 3 done, 4 failed, otherwise still running. */
export const AuditionStatus = { done: 3, failed: 4 } as const;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('stopped', 'AbortError'));
      },
      { once: true },
    );
  });

/** Starts a trial synthesis and polls it every 3 s until it is done; a failed one says 声音合成失败，请重新尝试. */
export async function runAudition(
  params: AuditionRequest,
  signal: AbortSignal,
  poll = AUDITION_POLL_MS,
): Promise<AuditionResult> {
  const { job_id } = await call(startAudition, params);
  for (;;) {
    await wait(poll, signal);
    const job = await call(getAudition, { job_id });
    if (job.status === AuditionStatus.done) return job;
    if (job.status === AuditionStatus.failed) throw new ApiError(voiceMessages.auditionFailed, 1, job);
  }
}

export function useAudition() {
  return useMutation({
    mutationFn: ({ params, signal }: { params: AuditionRequest; signal: AbortSignal }) => runAudition(params, signal),
  });
}
