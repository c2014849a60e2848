import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  chatAnswerStream,
  deleteChatRecord,
  listChatMessages,
  listChatRecords,
  saveTextMaterial,
  sendChatMessage,
  type ChatModelKey,
} from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { call } from '../../../lib/api';
import { env } from '../../../lib/env';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { readToken } from '../../../lib/session';

const scope = [ACCOUNT_SCOPE, 'chat'] as const;
export const refreshChat = (qc: QueryClient) => qc.invalidateQueries({ queryKey: scope });

/** The conversations of the history sidebar (page 1, limit 99999). */
export function useChatRecords() {
  return useQuery({
    queryKey: [...scope, 'records'],
    queryFn: () => call(listChatRecords, { page: 1, limit: 99999 }),
  });
}

/** The messages of the open conversation; quiet, since a stale stored id just starts afresh. */
export function useChatMessages(cid: number | null) {
  return useQuery({
    queryKey: [...scope, 'messages', cid],
    queryFn: () => call(listChatMessages, { cid: cid ?? 0 }, { quiet: true }),
    enabled: cid !== null,
  });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { cid: number | null; content: string; model: ChatModelKey }) =>
      call(sendChatMessage, { cid: p.cid ?? '', content: p.content, model: p.model }),
    onSuccess: () => refreshBalance(qc),
  });
}

export function useDeleteRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteChatRecord, { id }, { success: true }),
    onSuccess: () => Promise.all([refreshChat(qc), refreshBalance(qc)]),
  });
}

export function useSaveTextMaterial() {
  return useMutation({
    mutationFn: (text: string) =>
      call(
        saveTextMaterial,
        { name: text.replace(/\s+/g, ' ').trim().slice(0, 15), source: 'chat', text },
        { success: true },
      ),
  });
}

/** The answer stream's address: no signature (a no-check call), the token in the query. */
export function answerStreamUrl(cid: number, mid: number): string {
  const qs = new URLSearchParams({ token: readToken() ?? '', cid: String(cid), mid: String(mid) });
  return `${env.VITE_API_BASE}${chatAnswerStream.path}?${qs}`;
}
