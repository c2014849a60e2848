import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  analysisIp,
  analysisVideo,
  cozeDraft,
  deleteCopyTrace,
  deleteCozeRun,
  deleteViralProject,
  editTextMaterial,
  generateScript,
  listCopyTrace,
  listCozeRuns,
  listViralProjects,
  mimicScript,
  proposeTopics,
  saveTextMaterial,
  submitCozeRun,
  VIRAL_STATUS,
  type ParamsOf,
} from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { refreshWorks } from '../../../entities/works';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const scope = [ACCOUNT_SCOPE, 'viral'] as const;
/** While an analysis runs, its project is looked at this often. */
const RUNNING_POLL_MS = 2000;

export function useProjects() {
  return useQuery({
    queryKey: [...scope, 'projects'],
    queryFn: () => call(listViralProjects, { page: 1, limit: 0 }),
    refetchInterval: (q) =>
      q.state.data?.list.some((p) => p.status === VIRAL_STATUS.running) ? RUNNING_POLL_MS : false,
  });
}

export function useProject(id: number | null) {
  return useQuery({
    queryKey: [...scope, 'project', id],
    queryFn: async () => (await call(listViralProjects, { id: id ?? 0, page: 1, limit: 1 })).list[0] ?? null,
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === VIRAL_STATUS.running ? RUNNING_POLL_MS : false),
  });
}

/** Every paid call: the balance moves, the lists change. */
function usePaid<P, R>(fn: (p: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([refreshBalance(queryClient), queryClient.invalidateQueries({ queryKey: scope })]);
    },
  });
}

export const useAnalyseVideo = () => usePaid((link: string) => call(analysisVideo, { link }, { success: true }));
export const useAnalyseText = () =>
  usePaid(async (text: string) => {
    const r = await call(editTextMaterial, { text });
    if (!r) throw new Error('no analysis');
    return r;
  });
export const useMimic = () => usePaid((p: { id: number; topic: string }) => call(mimicScript, p, { success: true }));
export const useAnalyseIp = () => usePaid((p: ParamsOf<typeof analysisIp>) => call(analysisIp, p));
export const useTopics = () => usePaid((p: ParamsOf<typeof proposeTopics>) => call(proposeTopics, p));
export const useGenerateScript = () =>
  usePaid((p: ParamsOf<typeof generateScript>) => call(generateScript, p, { success: true }));
export const useCozeDraft = () => usePaid((p: ParamsOf<typeof cozeDraft>) => call(cozeDraft, p, { success: true }));

export function useSubmitRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof submitCozeRun>) => call(submitCozeRun, p),
    onSuccess: async () => {
      await Promise.all([
        refreshBalance(queryClient),
        refreshWorks(queryClient),
        queryClient.invalidateQueries({ queryKey: scope }),
      ]);
    },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteViralProject, { id }, { success: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}

export function useTrace(kind: string) {
  return useQuery({
    queryKey: [...scope, 'trace', kind],
    queryFn: () => call(listCopyTrace, { page: 1, limit: 0, kind }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteCopyTrace, { id }, { success: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}

export function useRuns() {
  return useQuery({ queryKey: [...scope, 'runs'], queryFn: () => call(listCozeRuns, { page: 1, limit: 0 }) });
}

export function useRun(id: number | null) {
  return useQuery({
    queryKey: [...scope, 'run', id],
    queryFn: async () => (await call(listCozeRuns, { id: id ?? 0, page: 1, limit: 1 })).list[0] ?? null,
    enabled: !!id,
  });
}

export function useDeleteRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteCozeRun, { id }, { success: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}

/** Saves a script as a text material (source viral). */
export function useSaveMaterial() {
  return useMutation({
    mutationFn: (p: { text: string; name?: string }) =>
      call(saveTextMaterial, { ...p, source: 'viral' }, { success: true }),
  });
}
