import { Button, Card, Flex, Form, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBrand, useSiteSettings } from '../../../lib/site-settings';
import { needsImageCode, useLogin, useLoginCaptcha } from '../api/login';
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
  const brand = useBrand();
  const { token } = theme.useToken();
  const [needImageCode, setNeedImageCode] = useState(false);
  const captcha = useLoginCaptcha(needImageCode);
  const [form] = Form.useForm<LoginValues>();
  const newCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };
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
        ...(needImageCode && captcha.data
          ? { captcha: (values.captcha ?? '').trim(), captcha_id: captcha.data.id }
          : {}),
      },
      {
        onSuccess: done,
        onError: (error) => {
          if (!needsImageCode(error)) return;
          // Each image code answers one try: show the field, or draw a new code.
          if (needImageCode) newCaptcha();
          else setNeedImageCode(true);
        },
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
          {brand.loginLogo ? (
            <img src={brand.loginLogo} alt="" height={48} style={{ maxWidth: '100%', objectFit: 'contain' }} />
          ) : (
            <span style={{ height: 48 }} />
          )}
          <Typography.Title level={3} style={{ margin: 0, minHeight: '1.35em' }}>
            {brand.loginTitle}
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
          captchaSvg={captcha.data?.svg}
          onNewCaptcha={newCaptcha}
          form={form}
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
