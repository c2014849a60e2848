import { useQuery } from '@tanstack/react-query';
import { listVideoChannels, type VideoChannel } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

/** The params of the channel list: with an avatar, each channel says whether that avatar can use it. */
export const videoChannelParams = (videoId: number | null) => (videoId ? { video_id: videoId } : {});

/**
 * Video channels configured here, with credits per second and their queue; with `videoId` (an own or
 * public avatar) each carries `unusable`, why that avatar cannot go through it ('' when it can).
 */
export function useVideoChannels(videoId: number | null, enabled = true) {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'video-channels', videoId ?? 0],
    queryFn: () => call(listVideoChannels, videoChannelParams(videoId)),
    enabled,
    staleTime: 0,
  });
}

/** The channels an avatar can use first, then the ones it cannot, each group in the product's order. */
export function usableFirst<C extends Partial<Pick<VideoChannel, 'unusable'>>>(list: readonly C[]): C[] {
  return [...list.filter((c) => !c.unusable), ...list.filter((c) => c.unusable)];
}
