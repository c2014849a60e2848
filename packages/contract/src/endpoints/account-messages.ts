import { commonMessages } from '../common-messages.js';

/**
 * Every Chinese message of the account, credits and site calls, kept once so that the server
 * (replies, validation) and the web app (form rules, toasts) show the same words.
 */
export const accountMessages = {
  // Login and registration (spec 000 §5)
  agreementRequired: '请阅读并同意<<用户协议>>与<<隐私条款>>',
  credentialsRequired: '请输入账号密码',
  codeRequired: '请输入兑换码',
  loginDone: '登录成功',
  wrongCredentials: '账号或密码错误',
  accountDisabled: '该账号已被停用，请联系客服',
  usernameRule: '用户名须为4-32位字母、数字或下划线',
  usernameTaken: '该用户名已被注册',
  /** After repeated failed logins: the server refuses with this and `data.need_captcha = 1`. */
  loginCaptchaNeeded: '登录失败次数过多，请输入图形验证码后重试',
  captchaRequired: '请输入图形验证码',
  captchaWrong: '图形验证码错误',
  /** The image code was already used or is older than 5 minutes. */
  captchaExpired: '图形验证码已失效，请重新输入',
  /** Too many image codes drawn from one address in 10 minutes. */
  captchaTooMany: '获取验证码过于频繁，请稍后再试',
  loggedOut: '已退出登录',
  /** A guest's display name, and the prefix of generated guest usernames (never valid for registration). */
  guestName: '游客',

  // Password change (spec 000 §5)
  oldPasswordRequired: '请填写原密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请再次输入新密码',
  passwordMismatch: '两次输入新密码不一致!',
  passwordHint: '密码至少6位，需同时包含数字和字母',
  passwordWeak: '密码至少6位，且须同时包含数字和字母',
  oldPasswordWrong: '原密码错误',
  operationDone: '操作成功！',

  // Redeem codes (spec 000 §8, issue 3)
  redeemed: '兑换成功',
  redeemedCredits: (credits: number) => `您已成功兑换${credits}积分`,
  registeredSuffix: '并注册成功',
  codeUnknown: '兑换码不存在，请检查后重新输入',
  codeUsed: '该兑换码已被使用',
  codeExpired: '该兑换码已过期',
  redeemNeedsLogin: '请先登录后再兑换',

  // Storage (spec 000 §5, §8)
  atStorageLimit: '您已扩容至上限！',
  expandConfirmTitle: '扩容确认',
  expandConfirm: (credits: number, gb: number) => `扩容将消耗${credits}积分，增加${gb}G存储空间，是否继续？`,
  expandCancelled: '已取消扩容',
  expandGuestRefused: '游客无法扩容，请先注册账号',
  creditsShort: '积分不足',

  // Notices and texts (spec 000 §2, §8)
  noNotice: '暂无公告！',
  noticeMissing: '公告不存在',
  cancelled: commonMessages.cancelled,

  unknownParams: (keys: string[]) => `不支持的参数：${keys.join('、')}`,

  // Dates on the credit log
  dateFormat: '日期格式应为YYYY-MM-DD',
  dateOrder: '结束日期不能早于开始日期',
} as const;

/** Ledger action names written by the server and shown in the usage list. */
export const creditActions = {
  trial: '游客体验赠送',
  redeem: '兑换码兑换',
  expand: '存储扩容',
  expired: '积分过期',
} as const;
