import { Form, Input, Modal } from 'antd';
import { accountMessages, PASSWORD_PATTERN } from '@app/contract';
import { useChangePassword } from '../api/change-password';
import { accountMenuMessages } from '../messages';

interface PasswordForm {
  old_pass: string;
  password: string;
  confirm: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();

  const submit = async () => {
    const values = await form.validateFields();
    await change.mutateAsync(values);
    onClose();
  };

  return (
    <Modal
      title={accountMenuMessages.changePassword}
      open={open}
      confirmLoading={change.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="old_pass"
          label={accountMenuMessages.oldPassword}
          rules={[{ required: true, message: accountMessages.oldPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={accountMenuMessages.newPassword}
          extra={accountMessages.passwordHint}
          rules={[
            { required: true, message: accountMessages.newPasswordRequired },
            {
              pattern: PASSWORD_PATTERN,
              message: accountMessages.passwordWeak,
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={accountMenuMessages.confirmPassword}
          dependencies={['password']}
          rules={[
            {
              required: true,
              message: accountMessages.confirmPasswordRequired,
            },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(accountMessages.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
