import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Grid, Layout, Menu, Result, Spin, Tag, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { roleLabels, type Role } from '@app/contract';
import { loginRoute } from '../../lib/session';
import { useOnRouteChange } from '../../lib/route-change';
import { consoleScreens } from '../../app/features';
import { useConsoleSession } from './console-session';
import { consoleLayoutText as t } from './messages';
import styles from './AdminLayout.module.css';

/**
 * The console's frame in the antd Pro manner, shared by every feature's console screens: side menu
 * (the screens the features bring), header with the account, the screen's content. It shows the
 * server's refusal when the account is no staff account. Below the desktop width the menu is a drawer
 * opened from the header, the header keeps the title and the role, and wide tables scroll inside
 * their card instead of widening the page.
 */
export function AdminLayout({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const session = useConsoleSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Until the first measure, lay out for the phone: a drawer never squeezes the page.
  const wide = screens.lg === true;
  const [menuOpen, setMenuOpen] = useState(false);
  useOnRouteChange(() => setMenuOpen(false));

  if (session.isPending)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  if (session.isError)
    return (
      <Result
        status="403"
        title={t.noAccess}
        subTitle={session.error.message || t.noAccessHint}
        extra={
          <Flex gap={8} justify="center">
            <Button type="primary" onClick={() => void navigate(loginRoute('/admin'))}>
              {t.goLogin}
            </Button>
            <Button onClick={() => void navigate('/home')}>{t.backToSite}</Button>
          </Flex>
        }
      />
    );

  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[pathname]}
      items={consoleScreens
        .filter((m) => !m.adminOnly || session.data.role === 'admin')
        .map(({ path, icon, label }) => ({ key: path, icon, label }))}
      onClick={({ key }) => {
        setMenuOpen(false);
        void navigate(key);
      }}
      aria-label={t.consoleTitle}
    />
  );
  const heading = (
    <Typography.Title level={5} style={{ color: '#fff', margin: 0, padding: '18px 24px' }}>
      {t.consoleTitle}
    </Typography.Title>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide ? (
        <Layout.Sider width={208} theme="dark">
          {heading}
          {menu}
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          size={240}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          styles={{ body: { padding: 0, background: '#001529' }, header: { display: 'none' } }}
        >
          {heading}
          {menu}
        </Drawer>
      )}
      <Layout className={styles.main}>
        <Layout.Header
          className={styles.header}
          style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Flex gap={8} align="center" className={styles.title}>
            {!wide && (
              <Button type="text" icon={<MenuOutlined />} aria-label={t.openMenu} onClick={() => setMenuOpen(true)} />
            )}
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
              {title}
            </Typography.Title>
          </Flex>
          <Flex gap={12} align="center" className={styles.account}>
            {wide && <span>{session.data.username}</span>}
            <Tag color={session.data.role === 'admin' ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {roleLabels[session.data.role as Role]}
            </Tag>
            <Link to="/home" aria-label={t.backToSite}>
              <HomeOutlined /> {wide && t.backToSite}
            </Link>
          </Flex>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          {extra && (
            <Flex justify="flex-end" wrap gap={8} style={{ marginBottom: 16 }}>
              {extra}
            </Flex>
          )}
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
