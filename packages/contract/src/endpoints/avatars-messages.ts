import { commonMessages } from '../common-messages.js';

/** Every Chinese message of cloning and keeping avatars (spec 000 §5, §8). */
export const avatarCloneMessages = {
  cloneStarted: commonMessages.cloneStarted,
  deleted: commonMessages.deleted,
  deleteCancelled: commonMessages.deleteCancelled,
  avatarAgreement: commonMessages.cloneAgreementRequired,
  avatarNameRequired: '请给您创建的视频起一个名称',
  avatarVideoRequired: '请上传视频',
  avatarVideoFormat: commonMessages.videoFormat,
  avatarMissing: '数字分身不存在或无权操作',
  avatarProcessing: '数字分身处理中，请稍后再试',
  avatarFailed: '数字分身处理失败，无法使用',
  gjDuration: '此通道训练要求视频时长在30秒-300秒之间',
} as const;
