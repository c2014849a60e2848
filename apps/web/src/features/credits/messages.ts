import { accountMessages, siteTextTitles } from '@app/contract';
import { commonLabels } from '../../lib/messages';

export const creditsMessages = {
  credits: '积分',
  creditRules: siteTextTitles.creditsRule,
  creditDetails: '积分明细',
  redeem: '兑换',
  redeemTitle: commonLabels.redeemCredits,
  redeemPlaceholder: accountMessages.codeRequired,
  redeemSubmit: '立即兑换',
  consumTitle: '消费中心',
  balance: '当前积分',
  usageList: '消费记录',
  lastWeek: '最近一周',
  lastMonth: '最近一月',
  action: '类型',
  amount: '积分',
  time: '时间',
  expiryTitle: '积分明细',
  expireAt: '到期时间',
  usable: '可用积分',
  noRules: '暂无积分规则',
  back: '返回',
} as const;
