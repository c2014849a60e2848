import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  audioAnalyseFree,
  deleteAudioAnalyse,
  deleteVideoAnalyse,
  extractAudio,
  listAudioAnalyse,
  listVideoAnalyse,
  parseVideoLink,
  saveMaterial,
  videoAnalyseFree,
  type AnalyseRecord,
} from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { refreshMaterials } from '../../../entities/materials';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export type AnalyseKind = 'video' | 'audio';
/** The list's tabs: all, processing (1), failed (4). */
export type RecordTab = '' | '1' | '4';

/** While a record is processing its list is asked again this often, so it turns to success on its own. */
export const RECORDS_POLL_MS = 5000;

const ENDPOINTS = {
  video: { list: listVideoAnalyse, free: videoAnalyseFree, remove: deleteVideoAnalyse },
  audio: { list: listAudioAnalyse, free: audioAnalyseFree, remove: deleteAudioAnalyse },
} as const;

const scope = (kind: AnalyseKind) => [ACCOUNT_SCOPE, 'analyse', kind] as const;
const refresh = (qc: QueryClient, kind: AnalyseKind) => qc.invalidateQueries({ queryKey: scope(kind) });

/** The records of one tab (limit 999, page 1, status), polled while any of them is processing. */
export function useAnalyseRecords(kind: AnalyseKind, status: RecordTab) {
  return useQuery({
    queryKey: [...scope(kind), 'list', status],
    queryFn: () => call(ENDPOINTS[kind].list, { limit: 999, page: 1, status }),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 1) ? RECORDS_POLL_MS : false),
  });
}

/** Free extractions left today and the price after them. */
export function useAnalyseFree(kind: AnalyseKind) {
  return useQuery({ queryKey: [...scope(kind), 'free'], queryFn: () => call(ENDPOINTS[kind].free, {}) });
}

/** After a submission: the list, the free count and the points balance change. */
function useAfterSubmit(kind: AnalyseKind) {
  const qc = useQueryClient();
  return () => Promise.all([refresh(qc, kind), refreshBalance(qc)]);
}

export function useParseVideo() {
  const after = useAfterSubmit('video');
  return useMutation({
    mutationFn: (link: string) => call(parseVideoLink, { link }, { success: true }),
    onSuccess: after,
  });
}

/** Audio from a link (type 1) or an uploaded video (type 2); a refusal only closes the loading (spec 001 §8). */
export function useExtractAudio() {
  const after = useAfterSubmit('audio');
  return useMutation({
    mutationFn: (p: { type: 1; link: string } | { type: 2; file_id: number }) =>
      call(extractAudio, p, { success: true, quiet: true }),
    onSuccess: after,
  });
}

export function useDeleteRecord(kind: AnalyseKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ENDPOINTS[kind].remove, { id }, { success: true }),
    onSuccess: () => refresh(qc, kind),
  });
}

/** Saves a finished record into the library under the first 15 characters of its description. */
export function useSaveRecord(kind: AnalyseKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: AnalyseRecord) =>
      call(
        saveMaterial,
        { type: kind, source: 'analyse', name: r.desc.slice(0, 15) || `提取${r.id}`, rid: r.id },
        { success: true },
      ),
    onSuccess: () => refreshMaterials(qc),
  });
}
