/** Every Chinese message of the live player. */
export const playerMessages = {
  loadFailed: '数字人画面加载失败，请刷新页面重试',
  /** While the loop and mouth atlas load; the first live use of an avatar makes them, which takes a while. */
  preparing: '正在准备数字人画面，首次使用需要稍等片刻…',
} as const;
