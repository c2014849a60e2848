import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useAppStore } from '../../../stores/app-store';
import { themeMessages } from '../messages';

/** The accessible name 切换主题 and html[data-theme] are what browser tests look for. */
export function ThemeSwitch() {
  const theme = useAppStore((s) => s.theme);
  const toggleTheme = useAppStore((s) => s.toggleTheme);
  return (
    <Tooltip title={theme === 'dark' ? themeMessages.light : themeMessages.dark}>
      <Button
        type="text"
        shape="circle"
        aria-label={themeMessages.switchTheme}
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
      />
    </Tooltip>
  );
}
