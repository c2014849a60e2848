import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  askEmbedLive,
  askLive,
  deleteLiveConfig,
  embedLiveConfig,
  listLiveConfigs,
  liveOptions,
  publishLiveConfig,
  saveLiveConfig,
} from '@app/contract';
import { call } from '../../../lib/api';
import { env } from '../../../lib/env';
import { readToken } from '../../../lib/session';
import { liveScope } from './qa';

const configsKey = [...liveScope, 'configs'] as const;

/** Prices, limits and what this site can do now (chat answers, spoken questions, guests). */
export function useLiveOptions() {
  return useQuery({ queryKey: [...liveScope, 'options'], queryFn: () => call(liveOptions, {}) });
}

export function useLiveConfigs() {
  return useQuery({ queryKey: configsKey, queryFn: () => call(listLiveConfigs, {}) });
}

export interface LiveConfigForm {
  id?: number;
  name: string;
  avatar_id: number;
  voice_id: number;
  source: number;
  persona: string;
  greeting: string;
}

export function useSaveLiveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: LiveConfigForm) => call(saveLiveConfig, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: configsKey }),
  });
}

export function useDeleteLiveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteLiveConfig, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: configsKey }),
  });
}

export function usePublishLiveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; enabled: 0 | 1; origins: string }) => call(publishLiveConfig, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: configsKey }),
  });
}

/**
 * The site that frames the widget (scheme://host[:port]), which the widget's calls name: the server lets only
 * the sites listed for it use it. Undefined when the page is not framed.
 */
export function embedHost(): string | undefined {
  if (window.parent === window) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** A published widget as its page shows it; quiet, since the page itself says when it is gone. */
export function useEmbedConfig(key: string) {
  return useQuery({
    queryKey: ['embed-live', key],
    queryFn: () => call(embedLiveConfig, { key, host: embedHost() }, { quiet: true }),
    retry: false,
  });
}

/** The answer stream's address: no signature (a no-check call), the token (or the widget's key) in the query. */
export function askUrl(
  to: { session_id: string; embedKey?: string },
  ask: { question: string } | { greet: true },
): string {
  const qs = new URLSearchParams({ session_id: to.session_id });
  if ('greet' in ask) qs.set('greet', '1');
  else qs.set('question', ask.question);
  if (to.embedKey) {
    qs.set('key', to.embedKey);
    const host = embedHost();
    if (host) qs.set('host', host);
    return `${env.VITE_API_BASE}${askEmbedLive.path}?${qs}`;
  }
  qs.set('token', readToken() ?? '');
  return `${env.VITE_API_BASE}${askLive.path}?${qs}`;
}
