export const guideMessages = {
  title: '使用说明',
  empty: '暂无使用说明',
} as const;
