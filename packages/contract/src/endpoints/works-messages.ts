import { commonMessages } from '../common-messages.js';
import { avatarCloneMessages } from './avatars-messages.js';

/** Every Chinese message of creating a video in the studio and keeping works (spec 001 §5, §8). */
export const studioWorkMessages = {
  renamed: commonMessages.renamed,
  deleted: commonMessages.deleted,
  deleteCancelled: commonMessages.deleteCancelled,
  avatarRequired: '请选择数字分身（视频）',
  scriptRequired: '请输入台词',
  voiceRequired: '请选择声音',
  audioFileRequired: '请上传音频文件',
  audioFormat: commonMessages.audioFormat,
  audioDuration: commonMessages.audioDuration,
  renameRequired: commonMessages.renameRequired,
  defaultWorkName: '未命名',
  channelMissing: '该视频通道不存在',
  channelUnavailable: '该视频通道暂未开通，请选择其他通道',
  notEnoughCredits: (need: number, have: number) => `积分不足：本次预计需要${need}积分，当前可用${have}积分`,
  submitTitle: '提交成功',
  submitDone: '视频创作需要一些时间，您可以在视频创作页面查看最新状态',
  workMissing: '作品不存在或无权操作',
  workNotDone: '作品尚未生成完成',
  workFailedRegenerate: '视频生成失败，请重新生成',
  downloadDone: commonMessages.downloadDone,
  downloadFailed: commonMessages.downloadFailed,
  comingSoon: '敬请期待',
} as const;

/** What a work's status is called in the list (status_name) and on its card. */
export const workStatusNames = {
  queued: '排队中',
  rendering: '生成中',
  done: '已完成',
  failed: '生成失败',
} as const;

/** Avatars and works together, as the studio and the older call sites know them. */
export const studioMessages = { ...avatarCloneMessages, ...studioWorkMessages } as const;
