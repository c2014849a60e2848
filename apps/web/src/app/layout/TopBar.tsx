import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, theme } from 'antd';
import { Text } from '../../components/text/Text';
import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/site-settings';
import { useAppStore } from '../../stores/app-store';
import { AccountMenu, VipPopover } from '../../features/account';
import { CreditsPopover } from '../../features/credits';
import { NoticeCenter } from '../../features/notices';
import { ThemeSwitch } from '../../features/theme';
import { MobileQrPopover } from './MobileQrPopover';
import { shellMessages } from './messages';

/** `onOpenNav` is given when the navigation lives in a drawer: the bar then shows the menu button. */
export function TopBar({ onOpenNav }: { onOpenNav?: () => void }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const brand = useBrand();
  const siteTitle = useAppStore((s) => s.siteTitle);
  // On a phone the title gives way to the controls, and the scan-to-phone code is pointless there.
  const roomy = screens.sm === true;
  return (
    <Flex
      component="header"
      align="center"
      justify="space-between"
      gap={8}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: 56,
        padding: roomy ? '0 16px' : '0 8px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={4} style={{ minWidth: 0 }}>
        {onOpenNav && (
          <Button
            type="text"
            shape="circle"
            aria-label={shellMessages.openNav}
            icon={<MenuOutlined />}
            onClick={onOpenNav}
          />
        )}
        <Link
          to="/home"
          aria-label={shellMessages.home}
          style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}
        >
          {/* Any logo the operator uploads is scaled into the bar: 32 px high, never wider than its room. */}
          {brand.logo ? (
            <img
              src={brand.logo}
              alt=""
              height={32}
              style={{ maxWidth: roomy ? 140 : 40, objectFit: 'contain', flex: 'none' }}
            />
          ) : (
            <span style={{ width: 32, height: 32, flex: 'none' }} />
          )}
          {roomy && (
            <Text strong ellipsis style={{ fontSize: 16 }}>
              {siteTitle}
            </Text>
          )}
        </Link>
      </Flex>
      <Flex align="center" gap={roomy ? 8 : 2} style={{ flex: 'none' }}>
        <CreditsPopover />
        <VipPopover />
        {roomy && <MobileQrPopover />}
        <NoticeCenter />
        <ThemeSwitch />
        <AccountMenu />
      </Flex>
    </Flex>
  );
}
