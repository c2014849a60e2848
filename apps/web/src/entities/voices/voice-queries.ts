import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listVoices, VOICE_POLL_MS, type Voice } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

/** 1 own voices, 2 public voices (spec 000 §7). */
export type VoiceSource = 1 | 2;

const voicesScope = [ACCOUNT_SCOPE, 'voices'] as const;
export const voicesKey = (source: VoiceSource, name = '') => [...voicesScope, source, name] as const;

/** Own voices are re-fetched every 10 s while some are still cloning (generate > 0), and no longer once none is. */
export function voicePollInterval(source: VoiceSource, generate: number | undefined): number | false {
  return source === 1 && (generate ?? 0) > 0 ? VOICE_POLL_MS : false;
}

/** A voice list of one source, all of it, filtered by name. */
export function useVoiceList(source: VoiceSource, name = '', enabled = true) {
  return useQuery({
    queryKey: voicesKey(source, name),
    queryFn: () => call(listVoices, { source: String(source), name, page: 1, limit: 0 }),
    enabled,
    refetchInterval: (query) => voicePollInterval(source, query.state.data?.generate),
  });
}

/** A voice was cloned, tuned, renamed, confirmed or deleted: every voice list is fetched again. */
export const refreshVoices = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: voicesScope });

/** 1 cloning, 3 failed, anything else ready. */
export const isCloning = (v: Voice) => v.generate_status === 1;
export const isFailed = (v: Voice) => v.generate_status === 3;
