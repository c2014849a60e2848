import { Flex, Typography, theme } from 'antd';
import { Link } from 'react-router-dom';
import logo from '../../assets/logo.svg';
import { useSiteSettings } from '../../lib/site-settings';
import { useAppStore } from '../../stores/app-store';
import { AccountMenu, VipPopover } from '../../features/account';
import { CreditsPopover } from '../../features/credits';
import { NoticeCenter } from '../../features/notices';
import { ThemeSwitch } from '../../features/theme';
import { MobileQrPopover } from './MobileQrPopover';
import { shellMessages } from './messages';

export function TopBar() {
  const { token } = theme.useToken();
  const { data } = useSiteSettings();
  const siteTitle = useAppStore((s) => s.siteTitle);
  return (
    <Flex
      component="header"
      align="center"
      justify="space-between"
      style={{
        height: 56,
        padding: '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Link to="/home" aria-label={shellMessages.home} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <img
          src={data?.head_logo || data?.logo || logo}
          alt=""
          height={32}
          style={{ maxWidth: 140, objectFit: 'contain' }}
        />
        <Typography.Text strong style={{ fontSize: 16 }}>
          {siteTitle}
        </Typography.Text>
      </Link>
      <Flex align="center" gap={8}>
        <CreditsPopover />
        <VipPopover />
        <MobileQrPopover />
        <NoticeCenter />
        <ThemeSwitch />
        <AccountMenu />
      </Flex>
    </Flex>
  );
}
