import { clientMessages, commonLabels } from '../../lib/messages';

export const shellMessages = {
  sections: { features: '功能', video: commonLabels.video, other: '其他' },
  mobile: '手机端',
  mobileHint: '扫码在手机上使用',
  home: clientMessages.backHome,
  openNav: '打开导航菜单',
  comingSoon: '敬请期待',
  comingSoonHint: '功能暂未开放，敬请期待',
} as const;
