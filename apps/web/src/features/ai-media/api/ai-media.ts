import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AI_MEDIA_RULES,
  createImageGenerate,
  createUserPrompt,
  createVideoGenerate,
  deleteImageGenerate,
  deleteUserPrompt,
  deleteVideoGenerate,
  imagePrompt,
  listImageGenerate,
  listUserPrompt,
  listVideoGenerate,
  videoPrompt,
  videoPromptRecommend,
  type ParamsOf,
} from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export type VideoType = 'text' | 'image';
const scope = [ACCOUNT_SCOPE, 'ai-media'] as const;
const refresh = (qc: QueryClient, part: string) => qc.invalidateQueries({ queryKey: [...scope, part] });

/** The picture records, asked again every 15 s (spec 001 §9). */
export function useImageRecords() {
  return useQuery({
    queryKey: [...scope, 'images'],
    queryFn: () => call(listImageGenerate, { type: 'text', limit: 9999 }),
    refetchInterval: AI_MEDIA_RULES.historyPollMs,
  });
}

export function useVideoRecords(type: VideoType) {
  return useQuery({
    queryKey: [...scope, 'videos', type],
    queryFn: () => call(listVideoGenerate, { type, limit: 9999 }),
    refetchInterval: AI_MEDIA_RULES.historyPollMs,
  });
}

/** Recommendations: `nonce` changes to draw another random set. */
export function useImagePrompts(nonce: number) {
  return useQuery({
    queryKey: [...scope, 'image-prompts', nonce],
    queryFn: () => call(imagePrompt, { type: 'text' }),
    staleTime: Infinity,
  });
}

export function useVideoRecommendations(type: VideoType, nonce: number) {
  return useQuery({
    queryKey: [...scope, 'video-recommend', type, nonce],
    queryFn: () => call(videoPromptRecommend, { type }),
    staleTime: Infinity,
  });
}

export function useInspiration() {
  return useQuery({ queryKey: [...scope, 'inspiration'], queryFn: () => call(videoPrompt, {}), staleTime: Infinity });
}

export function usePresets(search: string) {
  return useQuery({ queryKey: [...scope, 'presets', search], queryFn: () => call(listUserPrompt, { search }) });
}

export function useAddPreset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { title: string; content: string }) => call(createUserPrompt, p, { success: true }),
    onSuccess: () => refresh(qc, 'presets'),
  });
}

export function useDeletePreset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteUserPrompt, { id }, { success: true }),
    onSuccess: () => refresh(qc, 'presets'),
  });
}

/** Submitting holds points: the list and the balance change (提交成功). */
export function useGenerateImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof createImageGenerate>) => call(createImageGenerate, p, { success: true }),
    onSuccess: () => Promise.all([refresh(qc, 'images'), refreshBalance(qc)]),
  });
}

export function useGenerateVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof createVideoGenerate>) => call(createVideoGenerate, p, { success: true }),
    onSuccess: () => Promise.all([refresh(qc, 'videos'), refreshBalance(qc)]),
  });
}

export function useDeleteRecord(kind: 'image' | 'video') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call(kind === 'image' ? deleteImageGenerate : deleteVideoGenerate, { id }, { success: true }),
    onSuccess: () => Promise.all([refresh(qc, kind === 'image' ? 'images' : 'videos'), refreshBalance(qc)]),
  });
}
