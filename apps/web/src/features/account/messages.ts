import { accountMessages } from '@app/contract';
import { commonLabels } from '../../lib/messages';

export const accountMenuMessages = {
  account: '账户',
  guestName: accountMessages.guestName,
  storage: '存储空间',
  expand: '扩容',
  redeem: commonLabels.redeemCredits,
  changePassword: '修改密码',
  usageDetails: '使用明细',
  logout: '退出登录',
  loginNow: '立即登录',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  vip: 'VIP',
  vipUntil: (date: string) => `VIP有效期至 ${date}`,
  vipInactive: '未开通VIP',
} as const;
