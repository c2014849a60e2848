import { avatarCloneMessages, commonMessages } from '@app/contract';

/** Every user-visible string of the avatar video engines, in one place (Chinese is the source language). */
export const avatarMessages = {
  // Avatar clone upload (spec: 请上传500M以内的MP4/MOV格式的视频; 5 s–30 min; 360p–4K; no HDR).
  sourceFormat: commonMessages.videoFormat,
  sourceTooBig: '视频大小超过500M，请压缩后重新上传',
  sourceUnreadable: '无法识别该视频文件，文件可能已损坏，请重新上传MP4/MOV格式的视频',
  sourceNoVideo: '文件中没有视频画面，请上传包含人物画面的视频',
  sourceTooShort: '视频时长不能少于5秒',
  sourceTooLong: '视频时长不能超过30分钟',
  sourceResolutionTooLow: '视频分辨率过低，短边至少需要360像素',
  sourceResolutionTooHigh: '视频分辨率过高，长边不能超过3840像素（4K）',
  sourceHdr: '暂不支持HDR视频，请关闭HDR后重新录制，或导出为SDR（标准动态范围）视频后上传',
  prepareFailed: '数字人视频处理失败，请更换视频后重试',

  // Rendering.
  localChannelName: '本地合成 1.0（无口型）',
  localChannelDesc: '在本机把数字人视频与声音合成，人物口型不会随声音变化',
  lipsyncChannelName: '本地合成 2.0（口型）',
  lipsyncChannelDesc: '在本机按声音驱动人物口型，无需显卡与网络；嘴型取自分身视频里本人说话的画面，视频里没有张嘴画面时以下颌开合模拟',
  lipsyncNoFace: '数字人视频中没有检测到清晰的人脸，无法使用口型通道，请选择其他通道或更换视频',
  audioUnreadable: '音频文件无法读取，请重新上传MP3/M4A/WAV格式的音频',
  audioEmpty: '音频时长为0，请重新上传音频',
  renderFailed: '视频合成失败，请稍后重试',
  cancelled: '任务已取消',
  resultInvalid: '数字人引擎返回的视频无法播放，请稍后重试',

  // Channels.
  channelUnavailable: '该通道暂未开放，请选择其他通道',
  channelGjDuration: avatarCloneMessages.gjDuration,

  // Duix.Avatar / HeyGem.
  duixUnreachable: '数字人合成服务（Duix）无法连接，请稍后重试',
  duixBusy: '数字人合成服务（Duix）繁忙，请稍后重试',
  duixBadParams: '数字人合成服务（Duix）拒绝了任务参数',
  duixSystemError: '数字人合成服务（Duix）内部错误，请稍后重试',
  duixTaskLost: '数字人合成服务（Duix）找不到该任务，可能已重启，请重新提交',
  duixTaskFailed: '数字人合成服务（Duix）合成失败',
  duixTimeout: '数字人合成服务（Duix）处理超时，请稍后重试',
  duixNoResult: '数字人合成服务（Duix）没有返回可下载的视频',
  duixUnexpected: '数字人合成服务（Duix）返回了无法识别的结果',

  // 蝉镜 Chanjing.
  chanjingUnreachable: '蝉镜服务无法连接，请稍后重试',
  chanjingAuth: '蝉镜鉴权失败，请检查 app_id 与 secret_key 配置',
  chanjingBadParams: '蝉镜拒绝了请求参数',
  chanjingRateLimited: '蝉镜请求过于频繁，请稍后再试',
  chanjingQuota: '蝉镜视频时长额度已用完，请联系管理员充值',
  chanjingSystemError: '蝉镜服务内部错误，请稍后重试',
  chanjingNonCompliant: '台词包含不合规内容，请修改后重试',
  chanjingVideoParams: '蝉镜视频参数异常',
  chanjingVideoService: '蝉镜视频服务异常',
  chanjingTimeout: '蝉镜视频合成超时，请稍后重试',
  /** Told to the user: no vendor name, nothing about the service's settings. */
  chanjingPersonMissing: '该数字人尚未完成此通道的定制，暂不能使用此通道',
  /** Told to the user when the service judged the video itself; its own reason follows in brackets. */
  chanjingPersonRefused: '该数字人未能通过此通道的定制',
  chanjingUnexpected: '蝉镜返回了无法识别的结果',
  chanjingCallbackInvalid: '蝉镜回调内容无法识别',
  chanjingCallbackUnknown: '未知的蝉镜任务',
  chanjingPersonFailed: '蝉镜数字人定制失败',
  chanjingPersonTimeout: '蝉镜数字人定制超时，请稍后重新上传',
  chanjingUploadFailed: '素材上传蝉镜失败，请稍后重试',
  chanjingFileRejected: '蝉镜不接受上传的素材',
  chanjingFileTimeout: '蝉镜处理上传的素材超时，请稍后重试',
  chanjingLipSyncFailed: '蝉镜对口型合成失败',

  // Shared HTTP.
  vendorHttp4xx: '服务拒绝了请求',
  vendorHttp5xx: commonMessages.serviceUnavailable,
  downloadFailed: '合成结果下载失败，请稍后重试',
} as const;

export type AvatarMessageKey = keyof typeof avatarMessages;

/** Appends the vendor's own words (when it gave any) so support can see the cause. */
export function withVendorDetail(message: string, detail: string | undefined | null): string {
  const d = (detail ?? '').trim();
  return d ? `${message}（${d.slice(0, 200)}）` : message;
}
