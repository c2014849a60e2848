import { Drawer, Grid, Layout, theme } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { RedeemDialog } from '../../features/credits';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import styles from './Shell.module.css';

/**
 * Top bar and left navigation around every page but login and agreements (spec 000 §2).
 * Below the desktop width the navigation is a drawer over the page, opened from the top bar.
 */
export function Shell() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Until the first measure, lay out for the phone: a drawer never squeezes the page.
  const wide = screens.lg === true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Layout className={styles.shell}>
      <TopBar onOpenNav={wide ? undefined : () => setDrawerOpen(true)} />
      <Layout>
        {wide && (
          <Layout.Sider
            width={200}
            className={styles.sider}
            style={{
              background: token.colorBgContainer,
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <SideNav />
          </Layout.Sider>
        )}
        <Layout.Content className={styles.content}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {!wide && (
        <Drawer
          placement="left"
          size={240}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 }, header: { display: 'none' } }}
        >
          <SideNav onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <RedeemDialog />
    </Layout>
  );
}
