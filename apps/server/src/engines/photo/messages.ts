import { avatarMessages } from '../avatar/messages.js';

/** Every user-visible string of the photo video engines (Chinese). */
export const photoMessages = {
  channelUnavailable: avatarMessages.channelUnavailable,
  imageUnreadable: '图片无法读取，请上传JPG/PNG格式的图片',
  audioUnreadable: avatarMessages.audioUnreadable,
  audioEmpty: avatarMessages.audioEmpty,
  renderFailed: avatarMessages.renderFailed,
  cancelled: avatarMessages.cancelled,
  // Notes that come with a finished clip.
  noFaceAnimated: '图片中没有检测到人脸：已为整张图片加入轻微摆动与呼吸缩放，没有生成口型和眨眼',
  largestFaceOnly: '图片中有多张人脸，只为最大的一张生成了口型和眨眼',
} as const;

export type PhotoMessageKey = keyof typeof photoMessages;
