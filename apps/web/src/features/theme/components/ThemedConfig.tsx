import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { ThemeId } from '@app/contract';
import { useAppStore } from '../../../stores/app-store';
import { useThemePalettes } from '../api/get-themes';
import { useReducedMotion } from '../hooks/use-reduced-motion';

const brand: ThemeConfig['token'] = {
  colorPrimary: '#7c5cff',
  colorInfo: '#7c5cff',
  borderRadius: 8,
};

/**
 * antd with zh_CN, the dark algorithm by default, light on demand, and operator palette tokens on top.
 * A visitor whose system asks for reduced motion gets dialogs, drawers and toasts without their zoom
 * and slide animations.
 */
export function ThemedConfig({ children }: { children: ReactNode }) {
  const name = useAppStore((s) => s.theme);
  const { data } = useThemePalettes();
  const reducedMotion = useReducedMotion();
  const id = name === 'dark' ? ThemeId.dark : ThemeId.light;
  const operatorTokens = data?.palettes.find((p) => p.id === id)?.tokens as ThemeConfig['token'] | undefined;
  const config: ThemeConfig = {
    algorithm: name === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: { ...brand, ...operatorTokens, motion: !reducedMotion },
  };
  return (
    <ConfigProvider locale={zhCN} theme={config}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
