import { LockOutlined, SafetyOutlined, TagOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, type FormInstance } from 'antd';
import { accountMessages, CAPTCHA_LENGTH, PASSWORD_PATTERN, USERNAME_PATTERN } from '@app/contract';
import { authMessages as m } from '../messages';
import { ImageCode } from './ImageCode';

export interface LoginValues {
  username: string;
  password: string;
  code?: string;
  captcha?: string;
  agree: boolean;
}

interface LoginFormProps {
  registering: boolean;
  needImageCode: boolean;
  /** The server's image code, once it is needed. */
  captchaSvg: string | undefined;
  onNewCaptcha: () => void;
  form: FormInstance<LoginValues>;
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
}

const agreement = (type: 'user' | 'privacy', label: string) => (
  <a href={`#/protocol?type=${type}`} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
    {label}
  </a>
);

/** State 1 logs in; state 2 registers with a redeem code. The image code appears once the server asks for it. */
export function LoginForm({
  registering,
  needImageCode,
  captchaSvg,
  onNewCaptcha,
  form,
  pending,
  onSubmit,
}: LoginFormProps) {
  const credentials = {
    required: true,
    whitespace: true,
    message: accountMessages.credentialsRequired,
  };
  return (
    <Form<LoginValues> form={form} layout="vertical" size="large" onFinish={onSubmit} initialValues={{ agree: false }}>
      <Form.Item
        name="username"
        rules={
          registering
            ? [
                credentials,
                {
                  pattern: USERNAME_PATTERN,
                  message: accountMessages.usernameRule,
                },
              ]
            : [credentials]
        }
      >
        <Input prefix={<UserOutlined />} placeholder={m.username} autoComplete="username" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="password"
        extra={registering ? accountMessages.passwordHint : undefined}
        rules={
          registering
            ? [
                credentials,
                {
                  pattern: PASSWORD_PATTERN,
                  message: accountMessages.passwordWeak,
                },
              ]
            : [credentials]
        }
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={m.password}
          autoComplete={registering ? 'new-password' : 'current-password'}
          maxLength={64}
        />
      </Form.Item>
      {registering && (
        <Form.Item
          name="code"
          rules={[
            {
              required: true,
              whitespace: true,
              message: accountMessages.codeRequired,
            },
          ]}
        >
          <Input prefix={<TagOutlined />} placeholder={m.code} maxLength={64} />
        </Form.Item>
      )}
      {needImageCode && !registering && (
        <Flex gap={8} align="start">
          <Form.Item
            name="captcha"
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: accountMessages.captchaRequired }]}
          >
            <Input prefix={<SafetyOutlined />} placeholder={m.captcha} maxLength={CAPTCHA_LENGTH} autoComplete="off" />
          </Form.Item>
          <ImageCode svg={captchaSvg} onRefresh={onNewCaptcha} />
        </Flex>
      )}
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_, checked: boolean) =>
              checked ? Promise.resolve() : Promise.reject(new Error(accountMessages.agreementRequired)),
          },
        ]}
      >
        <Checkbox>
          {m.agreePrefix}
          {agreement('user', m.userAgreement)}
          {m.and}
          {agreement('privacy', m.privacy)}
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {registering ? m.register : m.login}
      </Button>
    </Form>
  );
}
