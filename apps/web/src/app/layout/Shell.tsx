import { Grid, Layout, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { useOnRouteChange } from '../../lib/route-change';
import { RedeemDialog } from '../../features/credits';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import styles from './Shell.module.css';

// The drawer is code-split: desktops never load it, phones load it the first time the menu is opened.
const NavDrawer = lazy(() => import('./NavDrawer'));

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
  const [drawerUsed, setDrawerUsed] = useState(false);
  useOnRouteChange(() => setDrawerOpen(false));
  return (
    <Layout className={styles.shell}>
      <TopBar
        onOpenNav={
          wide
            ? undefined
            : () => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }
        }
      />
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
            <div className={styles.siderMenu}>
              <SideNav />
            </div>
          </Layout.Sider>
        )}
        <Layout.Content className={styles.content}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {!wide && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <RedeemDialog />
    </Layout>
  );
}
