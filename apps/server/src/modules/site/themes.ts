import { ThemeId, themeNames, type ThemePalette } from '@app/contract';

/** The two palettes of the shell (spec 000 §3): dark is the default. */
export const themePalettes: ThemePalette[] = [
  {
    id: ThemeId.dark,
    name: themeNames.dark,
    tokens: {
      colorPrimary: '#7c5cff',
      colorBgLayout: '#0f1117',
      colorBgContainer: '#181b24',
      colorBgElevated: '#1f2330',
      colorText: '#e8e9ef',
      colorBorder: '#2b3040',
      borderRadius: 8,
    },
  },
  {
    id: ThemeId.light,
    name: themeNames.light,
    tokens: {
      colorPrimary: '#6a4cff',
      colorBgLayout: '#f4f5fa',
      colorBgContainer: '#ffffff',
      colorBgElevated: '#ffffff',
      colorText: '#1f2329',
      colorBorder: '#e3e5ec',
      borderRadius: 8,
    },
  },
];
