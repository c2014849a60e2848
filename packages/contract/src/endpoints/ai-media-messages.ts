import { commonMessages } from '../common-messages.js';

/** Every Chinese message of AI images and videos (spec 001 §5, §8), kept once for server and web. */
export const aiMediaMessages = {
  // Spec messages
  promptRequired: '请输入描述词！',
  firstFrameRequired: '请选择或者上传首帧图！',
  referenceRequired: '请选择或者上传参考图！',
  imageTooLarge: '上传头像图片大小不能超过 10MB!',
  presetTitleRequired: '请填写预设名称！',
  presetContentRequired: '请填写预设内容！',
  cursorOutside: '光标不在可编辑区域内',
  proUnavailable: '”高品质“通道维护中',
  submitted: '提交成功',
  creativityWarning: '创意想象力数值过高，可能导致画面与描述冲突',
  deleted: commonMessages.deleted,
  deleteCancelled: commonMessages.deleteCancelled,
  confirmDelete: '确定要永久删除这条记录吗？',
  downloadDone: commonMessages.downloadDone,
  downloadFailed: commonMessages.downloadFailed,
  saved: '保存成功',

  // Our own refusals
  imageFormat: '参考图只支持PNG/JPG/JPEG格式',
  imageTooSmall: '参考图宽和高都不能小于300像素',
  imageMissing: '图片不存在或已失效，请重新上传',
  promptTooLong: '描述词不能超过2500个字符',
  recordMissing: '记录不存在',
  stillRunning: '生成中的记录不能删除，请等待完成',
  presetMissing: '预设不存在',
  tooManyRunning: '您有太多任务正在生成中，请稍后再提交',
  referenceUnsupported: '当前图片通道不支持参考图，请去掉参考图后重试',
  imageOff: '文生图暂停服务，请稍后再试',
  videoOptionOff: '该时长的视频生成暂停服务，请选择其他时长',
  // What to configure is the console's business (engines screen); the user is told only that it is not open.
  imageUnavailable: commonMessages.toolUnavailable,
  videoUnavailable: commonMessages.toolUnavailable,

  // Engine outcomes shown on a failed record
  contentRejected: '内容未通过服务商的安全审核，请修改描述词或更换图片后重试',
  rateLimited: '服务商请求过于频繁，请稍后重试',
  concurrencyLimited: '服务商并发任务已满，请稍后重试',
  accountProblem: '服务商账户异常（欠费或资源包用尽），请联系管理员',
  authFailed: '服务商鉴权失败，请联系管理员检查密钥',
  badRequest: '服务商拒绝了请求参数，请调整后重试',
  remoteFailed: '服务商生成失败，请稍后重试',
  remoteUnreachable: '生成服务暂时无法连接，请稍后重试',
  remoteTimeout: '生成超时，请稍后重试',
  resultUnusable: '服务商返回的结果无法使用，请重试',

  // Statuses
  inProgress: '生成中',
  queued: '排队中',
} as const;

export type AiMediaMessageKey = keyof typeof aiMediaMessages;
