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
  /** A channel's avatar-length rule broken; the bounds come from the channel list (gj: the line above). */
  channelSeconds: (s: { min: number; max: number }) => `此通道训练要求视频时长在${s.min}秒-${s.max}秒之间`,
  /** Resolution × frames × duration of the upload pass what one preparation may cost (every heavy video's ceiling). */
  avatarTooCostly: commonMessages.mediaTooCostly,
  /** Below the frame-rate floor: such a video cannot give a smooth avatar (every heavy video's floor). */
  avatarFpsTooLow: commonMessages.mediaFpsTooLow,
  /** The user already has as many avatars in preparation as allowed. */
  avatarTooManyProcessing: '您已有数字分身在处理中，请等待处理完成后再创建',
  /** The preparation ran past its time budget and was stopped. */
  avatarPrepareTimeout: '视频处理超时，请上传更短或分辨率更低的视频',
} as const;
