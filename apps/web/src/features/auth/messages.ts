import { accountMessages } from '@app/contract';
import { commonLabels } from '../../lib/messages';

export const authMessages = {
  loginTab: '账号登录',
  registerTab: '兑换码注册',
  username: '请输入账号',
  password: '请输入密码',
  code: accountMessages.codeRequired,
  captcha: accountMessages.captchaRequired,
  captchaImage: '图形验证码，点击换一张',
  agreePrefix: commonLabels.agreePrefix,
  userAgreement: '《用户协议》',
  and: '与',
  privacy: '《隐私条款》',
  login: '登录',
  register: '注册并兑换',
  guestLook: '先随便看看',
} as const;
