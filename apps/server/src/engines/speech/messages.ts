import { studioWorkMessages, voiceMessages } from '@app/contract';

/** Every speech message a user can see, in one place. */
export const speechMessages = {
  synthesisFailed: voiceMessages.auditionFailed,
  emptyText: studioWorkMessages.scriptRequired,
  authFailed: '语音服务鉴权失败，请联系管理员检查密钥',
  quotaExceeded: '语音服务余额或额度不足，请联系管理员',
  rateLimited: '语音服务繁忙，请稍后重试',
  badInput: '语音服务不接受当前文本或参数，请修改后重试',
  voiceNotFound: '声音不存在或已失效，请重新选择声音',
  timeout: '语音服务响应超时，请稍后重试',
  serviceDown: '语音服务暂时不可用，请稍后重试',
  notConfigured: '该声音渠道未配置，请联系管理员',
  cloneUnsupported: '该声音渠道不支持声音克隆',
  sampleUnreadable: '无法读取音频文件，请上传MP3/M4A/WAV格式的音频',
  sampleTooShort: '音频中清晰人声不足10秒，请上传至少10秒的清晰人声录音',
  cloneFailed: '声音克隆失败，请更换音频后重试',
  localChannelName: '本地语音 1.0',
  localChannelDescription:
    '离线合成，无需联网。声音“克隆”为近似效果：仅分析样本的音高、语速和性别来调整合成音色，并不是真正的声音复刻。',
} as const;
