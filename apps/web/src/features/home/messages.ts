import { commonLabels } from '../../lib/messages';

export const homeMessages = {
  createVideo: '创建视频',
  customAvatar: commonLabels.customAvatar,
  publicActors: commonLabels.publicAvatars,
  publicVoices: commonLabels.publicVoices,
  landscape: commonLabels.landscape,
  portrait: commonLabels.portrait,
  orientation: commonLabels.orientation,
  play: '播放视频',
  loadingMore: '加载中…',
  noMore: '没有更多了',
  empty: commonLabels.noAvatars,
  noVoices: commonLabels.noVoices,
} as const;
