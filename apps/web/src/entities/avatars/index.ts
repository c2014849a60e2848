export {
  AVATAR_REFRESH_MS,
  AvatarStatus,
  avatarsKey,
  refreshAvatars,
  useAvatars,
  type AvatarFilter,
} from './avatar-queries';
export { usableFirst, useVideoChannels, videoChannelParams } from './avatar-channels';
