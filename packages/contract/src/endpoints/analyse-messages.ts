import { commonMessages } from '../common-messages.js';

/** Every Chinese message of video and audio extraction (spec 001 §5, §8), kept once for server and web. */
export const analyseMessages = {
  // Submitting
  linkRequired: '请输入视频分享链接',
  linkNotFound: '未识别到链接，请粘贴包含 http 或 https 链接的分享内容',
  linkScheme: '只支持 http 或 https 链接',
  linkPrivate: '链接指向内网或本机地址，无法解析',
  linkUnresolvable: '链接的域名无法解析，请检查链接',
  fileRequired: '请上传视频',
  localVideoRule: '请上传500MB以内的视频',
  submitted: '提交成功，正在解析',
  audioSubmitted: '提交成功，正在提取音频',
  tooManyRunning: '您有太多任务正在处理中，请稍后再提交',
  creditsShort: '积分不足',

  // Results
  parseFailed: '解析失败，请检查链接是否正确或稍后重试',
  noVideoFound: '未在链接中找到视频',
  tooLarge: '视频超过大小上限，无法提取',
  tooLong: '视频时长超过上限，无法提取',
  timedOut: '解析超时，请稍后重试',
  noAudioTrack: '该视频没有音轨，无法提取音频',
  notMedia: '下载的文件不是可播放的视频',
  engineUnavailable: '解析服务未配置，请联系管理员',

  // Records
  processing: '处理中',
  success: '成功',
  failed: '失败',
  recordMissing: '记录不存在',
  onlyFailedDeletable: '只能删除失败的记录',
  deleted: commonMessages.deleted,
  confirmDelete: '确定要删除这条失败的记录吗？',
} as const;
