import { voiceMessages } from '@app/contract';

/** Text-model messages a user can see. */
export const textMessages = {
  notConfigured: voiceMessages.textModelMissing,
  authFailed: '文本模型鉴权失败，请联系管理员检查密钥',
  quotaExceeded: '文本模型余额或额度不足，请联系管理员',
  rateLimited: '文本模型繁忙，请稍后重试',
  badInput: '文本模型不接受当前内容，请修改后重试',
  timeout: '文本模型响应超时，请稍后重试',
  serviceDown: '文本模型暂时不可用，请稍后重试',
  emptyReply: '文本模型没有返回内容，请重试',
} as const;
