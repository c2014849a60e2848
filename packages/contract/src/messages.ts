/** Protocol-level messages; feature messages live beside their endpoints. */
export const protocolMessages = {
  badSign: '签名错误',
  expired: '请求已过期，请校准时间后重试',
  notFound: '接口不存在',
  busy: '服务器繁忙，请稍后再试',
  login: '请先登录',
  forbidden: '无权限：仅管理员可用',
  consoleOnly: '无权限：仅管理员和运营人员可用',
  tooLarge: '请求内容过大',
  badBody: '请求格式错误',
  badUtf8: '请求参数不是有效的 UTF-8 编码',
  tooMany: '操作过于频繁，请稍后再试',
  badParams: '参数错误',
  replayed: '请求重复，请刷新后重试',
} as const;
