export const themeMessages = {
  switchTheme: '切换主题',
  dark: '深色',
  light: '浅色',
} as const;
