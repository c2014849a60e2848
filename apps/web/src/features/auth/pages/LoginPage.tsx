import { Button, Card, Flex, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import defaultLogo from '../../../assets/logo.svg';
import { siteTitleOf, useSiteSettings } from '../../../lib/site-settings';
import { needsImageCode, useLogin } from '../api/login';
import { useRegisterWithCode } from '../api/register-with-code';
import { LoginForm, type LoginValues } from '../components/LoginForm';
import { authMessages as m } from '../messages';

/** Only routes inside this app are followed after login; anything else goes home. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : '/home';
}

export default function LoginPage() {
  const [search, setSearch] = useSearchParams();
  const registering = search.get('state') === '2';
  const navigate = useNavigate();
  const { data: site } = useSiteSettings();
  const { token } = theme.useToken();
  const [needImageCode, setNeedImageCode] = useState(false);
  const loginCall = useLogin();
  const register = useRegisterWithCode();
  const done = () => void navigate(safeRedirect(search.get('redirectUrl')), { replace: true });

  const submit = (values: LoginValues) => {
    const username = values.username.trim();
    if (registering) {
      register.mutate(
        {
          username,
          password: values.password,
          code: (values.code ?? '').trim(),
        },
        { onSuccess: done },
      );
      return;
    }
    loginCall.mutate(
      {
        username,
        password: values.password,
        client: 'pc',
        captcha: needImageCode ? '1' : undefined,
      },
      {
        onSuccess: done,
        onError: (error) => needsImageCode(error) && setNeedImageCode(true),
      },
    );
  };

  const switchState = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('state', key);
    setSearch(next, { replace: true });
  };

  const background = site?.login_bg
    ? `center / cover no-repeat url(${JSON.stringify(site.login_bg)})`
    : `linear-gradient(135deg, ${token.colorBgLayout} 0%, ${token.colorPrimaryBg} 100%)`;

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', boxSizing: 'border-box', padding: 16, background }}
    >
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 8 }}>
          <img src={site?.login_logo || site?.logo || defaultLogo} alt="" height={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {site?.login_title || siteTitleOf(site)}
          </Typography.Title>
        </Flex>
        <Tabs
          centered
          activeKey={registering ? '2' : '1'}
          onChange={switchState}
          items={[
            { key: '1', label: m.loginTab },
            { key: '2', label: m.registerTab },
          ]}
        />
        <LoginForm
          key={registering ? 'register' : 'login'}
          registering={registering}
          needImageCode={needImageCode}
          pending={loginCall.isPending || register.isPending}
          onSubmit={submit}
        />
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => void navigate('/home')}>
          {m.guestLook}
        </Button>
      </Card>
    </Flex>
  );
}
