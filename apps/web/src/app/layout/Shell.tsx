import { Layout, theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { RedeemDialog } from '../../features/credits';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** Top bar and left navigation around every page but login and agreements (spec 000 §2). */
export function Shell() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar />
      <Layout>
        <Layout.Sider
          width={200}
          breakpoint="lg"
          collapsedWidth={0}
          style={{
            background: token.colorBgContainer,
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <SideNav />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <RedeemDialog />
    </Layout>
  );
}
