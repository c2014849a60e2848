import { useMutation, useQuery } from '@tanstack/react-query';
import { AUDITION_POLL_MS, getAudition, startAudition, voiceMessages, type ParamsOf } from '@app/contract';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';

/** Starts a trial synthesis and polls it every 3 s until it is done (3) or failed (4). */
export function useAudition() {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (p: ParamsOf<typeof startAudition>) => call(startAudition, p),
    onSuccess: ({ job_id }) => setJobId(job_id),
  });
  const poll = useQuery({
    queryKey: ['audition', jobId],
    queryFn: () => call(getAudition, { job_id: jobId ?? '' }),
    enabled: !!jobId,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 3 || q.state.data.status === 4) ? false : AUDITION_POLL_MS,
  });
  const failed = poll.data?.status === 4;
  useEffect(() => {
    if (failed) feedback.error(poll.data?.fail_reason || voiceMessages.auditionFailed);
  }, [failed, poll.data?.fail_reason]);
  const running =
    start.isPending || (!!jobId && !poll.data) || (!!poll.data && poll.data.status !== 3 && poll.data.status !== 4);
  return {
    start: (p: ParamsOf<typeof startAudition>) => {
      setJobId(null);
      start.mutate(p);
    },
    running,
    url: poll.data?.status === 3 ? poll.data.url : '',
  };
}
