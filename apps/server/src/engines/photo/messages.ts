import { avatarMessages } from '../avatar/messages.js';

/** Every user-visible string of the photo video engines (Chinese). */
export const photoMessages = {
  channelUnavailable: avatarMessages.channelUnavailable,
  imageUnreadable: '图片无法读取，请上传JPG/PNG格式的图片',
  audioUnreadable: avatarMessages.audioUnreadable,
  audioEmpty: avatarMessages.audioEmpty,
  renderFailed: avatarMessages.renderFailed,
  cancelled: avatarMessages.cancelled,
  // Remote channels (D-ID, 可灵): their own picture rules, checked before anything is spent.
  oneFaceRequired: '该通道要求图片中有且只有一张清晰的人脸，请更换图片或选择其他通道',
  faceTooSmall: '该通道要求人脸区域不小于200×200像素，请上传人脸更大、更清晰的图片',
  aspectUnsupported: '该通道要求图片宽高比在1:2.5到2.5:1之间，请裁剪后重新上传',
  remoteRejected: '图片未通过服务商审核，请更换图片后重试',
  remoteFailed: '服务商生成视频失败，请稍后重试或选择其他通道',
  remoteUnreachable: '视频服务暂时无法连接，请稍后重试',
  remoteTimeout: '视频生成超时，请稍后重试',
  resultUnsafe: '服务商返回的视频地址不可用',
  // Notes that come with a finished clip.
  noFaceAnimated: '图片中没有检测到人脸：已为整张图片加入轻微摆动与呼吸缩放，没有生成口型和眨眼',
  largestFaceOnly: '图片中有多张人脸，只为最大的一张生成了口型和眨眼',
} as const;

export type PhotoMessageKey = keyof typeof photoMessages;
