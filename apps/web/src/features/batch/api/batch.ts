import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  batchDetail,
  batchZipLink,
  listBatches,
  parseBatchSheet,
  previewBatch,
  submitBatch,
  type BatchRowInput,
} from '@app/contract';
import { call } from '../../../lib/api';
import { env } from '../../../lib/env';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const batchesKey = [ACCOUNT_SCOPE, 'batches'] as const;

/** The rows of a file (its bytes in base64) or of pasted text, as the server reads them. */
export const useParseSheet = () =>
  useMutation({
    mutationFn: (p: { file_name?: string; content?: string; text?: string }) => call(parseBatchSheet, p),
  });

/** Every row checked and priced, nothing spent. */
export const usePreviewBatch = () =>
  useMutation({ mutationFn: (rows: BatchRowInput[]) => call(previewBatch, { rows: JSON.stringify(rows) }) });

export function useSubmitBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { name: string; rows: BatchRowInput[] }) =>
      call(submitBatch, { name: p.name, rows: JSON.stringify(p.rows) }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] }),
  });
}

/** The account's batches; refreshed every few seconds while a video of them is still being made. */
export const useBatches = () =>
  useQuery({
    queryKey: batchesKey,
    queryFn: () => call(listBatches, { page: 1, limit: 20 }),
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.running > 0) ? 5_000 : false),
  });

export const useBatchDetail = (id: number | null) =>
  useQuery({
    queryKey: [...batchesKey, id],
    queryFn: () => call(batchDetail, { id: id ?? 0 }),
    enabled: id !== null,
  });

/** Opens the batch's ZIP through its short-lived link: the browser downloads it as it is made. */
export async function downloadBatchZip(id: number): Promise<void> {
  const { url } = await call(batchZipLink, { id });
  window.location.assign(`${env.VITE_API_BASE}${url}`);
}
