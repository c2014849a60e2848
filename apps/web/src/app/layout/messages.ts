export const shellMessages = {
  sections: { features: '功能', video: '视频', other: '其他' },
  mobile: '手机端',
  mobileHint: '扫码在手机上使用',
  home: '返回首页',
} as const;
