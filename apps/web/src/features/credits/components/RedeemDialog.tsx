import { Form, Input, Modal } from 'antd';
import { accountMessages } from '@app/contract';
import { useOnRouteChange } from '../../../lib/route-change';
import { useAppStore } from '../../../stores/app-store';
import { useRedeemCode } from '../api/redeem-code';
import { creditsMessages } from '../messages';

interface RedeemForm {
  code: string;
}

/** One dialog for the whole app, opened through the store by `useOpenRedeem` (guests go to registration instead). */
export default function RedeemDialog() {
  const open = useAppStore((s) => s.redeemOpen);
  const setOpen = useAppStore((s) => s.setRedeemOpen);
  const [form] = Form.useForm<RedeemForm>();
  const redeem = useRedeemCode();
  useOnRouteChange(() => setOpen(false));

  const submit = async () => {
    const { code } = await form.validateFields();
    await redeem.mutateAsync(code.trim());
    form.resetFields();
    setOpen(false);
  };

  return (
    <Modal
      title={creditsMessages.redeemTitle}
      open={open}
      okText={creditsMessages.redeemSubmit}
      confirmLoading={redeem.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => setOpen(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
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
          <Input placeholder={creditsMessages.redeemPlaceholder} maxLength={64} autoFocus allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
