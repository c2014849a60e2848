import { HomeOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Menu, Result, Spin, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { roleLabels, type Role } from '@app/contract';
import { loginRoute } from '../../lib/session';
import { consoleScreens } from '../../app/features';
import { useConsoleSession } from './console-session';
import { consoleLayoutText as t } from './messages';

/**
 * The console's frame in the antd Pro manner, shared by every feature's console screens: side menu
 * (the screens the features bring), header with the account, the screen's content. It shows the
 * server's refusal when the account is no staff account.
 */
export function AdminLayout({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const session = useConsoleSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = theme.useToken();

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

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={208} theme="dark">
        <Typography.Title level={5} style={{ color: '#fff', margin: 0, padding: '18px 24px' }}>
          {t.consoleTitle}
        </Typography.Title>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[pathname]}
          items={consoleScreens
            .filter((m) => !m.adminOnly || session.data.role === 'admin')
            .map(({ path, icon, label }) => ({ key: path, icon, label }))}
          onClick={({ key }) => void navigate(key)}
          aria-label={t.consoleTitle}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Flex gap={12} align="center">
            <span>{session.data.username}</span>
            <Tag color={session.data.role === 'admin' ? 'gold' : 'blue'}>{roleLabels[session.data.role as Role]}</Tag>
            <Link to="/home">
              <HomeOutlined /> {t.backToSite}
            </Link>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          {extra && (
            <Flex justify="flex-end" style={{ marginBottom: 16 }}>
              {extra}
            </Flex>
          )}
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
