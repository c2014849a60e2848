import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCodeBatch, exportCodeBatch, listCodeBatches, listCodes, voidCodes, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { CONSOLE_SCOPE } from '../../../components/admin-layout';

const key = [...CONSOLE_SCOPE, 'codes'] as const;

export function useCodeBatches() {
  return useQuery({ queryKey: [...key, 'batches'], queryFn: () => call(listCodeBatches, {}) });
}

export function useCodes(params: ParamsOf<typeof listCodes>) {
  return useQuery({
    queryKey: [...key, 'list', params],
    queryFn: () => call(listCodes, params),
    placeholderData: keepPreviousData,
  });
}

/** Every change to the codes refreshes the batches and the list. */
function useCodeChange<P, R>(run: (p: P) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useCreateCodes = () =>
  useCodeChange((p: ParamsOf<typeof createCodeBatch>) => call(createCodeBatch, p, { success: true }));
export const useVoidCodes = () =>
  useCodeChange((p: ParamsOf<typeof voidCodes>) => call(voidCodes, p, { success: true }));

/** Fetches a batch as CSV and hands it to the browser as a download. */
export async function downloadBatchCsv(batch: string): Promise<void> {
  const { filename, csv } = await call(exportCodeBatch, { batch });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
