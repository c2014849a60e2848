import { commonMessages } from '@app/contract';

/** Messages of the shared client layer (features keep theirs in their own messages.ts). */
export const clientMessages = {
  timeout: '请求超时，请稍后重试',
  network: '网络异常，请检查网络后重试',
  unavailable: commonMessages.serviceUnavailable,
  badReply: '服务器返回了无法识别的数据',
  notFound: '页面不存在',
  backHome: '返回首页',
  leaveTitle: '有未提交的内容，确定离开吗？',
  leaveContent: '草稿已保存，返回后可继续编辑。',
  pageFailed: '页面出错了',
  pageFailedHint: '请刷新页面后重试。',
  reload: '刷新页面',
} as const;

/** Words of the interface that several features and components show alike; each feature's messages point here. */
export const commonLabels = {
  // Actions
  ok: '确定',
  cancel: '取消',
  delete: '删除',
  rename: '重命名',
  renameTitle: '修改名称',
  renameWork: '修改作品名称',
  namePlaceholder: '请输入名称',
  download: '下载',
  play: '播放',
  pause: '暂停',
  listen: '试听',
  chosen: '已选择',
  agreePrefix: '我已阅读并同意',

  // Voices and avatars
  myVoices: '我的声音',
  publicVoices: '公共声音',
  noVoices: '暂无声音',
  myAvatars: '我的数字人',
  publicAvatars: '公共数字人',
  noAvatars: '暂无数字人',
  customAvatar: '定制数字人',
  startClone: '开始克隆',
  cloning: '克隆中',
  cloneFailed: '克隆失败',
  rate: '语速',
  volume: '音量',
  pitch: '音调',

  // Media
  video: '视频',
  uploadVideo: '上传视频',
  materialLibrary: '素材库',
  landscape: '横屏',
  portrait: '竖屏',
  orientation: '画面方向',

  // Credits
  redeemCredits: '兑换积分',
} as const;
