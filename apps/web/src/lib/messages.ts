/** Messages of the shared client layer (features keep theirs in their own messages.ts). */
export const clientMessages = {
  timeout: '请求超时，请稍后重试',
  network: '网络异常，请检查网络后重试',
  unavailable: '服务暂时不可用，请稍后重试',
  badReply: '服务器返回了无法识别的数据',
  notFound: '页面不存在',
  backHome: '返回首页',
} as const;
