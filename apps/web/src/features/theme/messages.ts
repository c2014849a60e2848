import { themeNames } from '@app/contract';

export const themeMessages = {
  switchTheme: '切换主题',
  dark: themeNames.dark,
  light: themeNames.light,
} as const;
