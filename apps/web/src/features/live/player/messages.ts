/** Every Chinese message of the live player. */
export const playerMessages = {
  loadFailed: '数字人画面加载失败，请刷新页面重试',
} as const;
