import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useCreateApiKey } from '../api/keys';
import { openApiText as m } from '../messages';

/**
 * Names a new key, then shows the key itself with a copy button: the only time it is shown, so the
 * dialog closes only through 我已保存.
 */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateApiKey();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const close = () => {
    setMade(null);
    form.resetFields();
    onClose();
  };

  if (made)
    return (
      <Modal
        open={open}
        title={m.keyCreated}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={close}>
            {m.close}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={m.keyShownOnce} style={{ marginBottom: 16 }} />
        <Typography.Text type="secondary">
          {m.keyName}：{made.name}
        </Typography.Text>
        <Typography.Paragraph
          code
          aria-label={m.keyLabel}
          copyable={{ text: made.key, tooltips: [m.copyKey, m.copied] }}
          style={{ wordBreak: 'break-all', marginTop: 8 }}
        >
          {made.key}
        </Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      open={open}
      title={m.createKey}
      okText={m.createKey}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          create.mutate(v.name.trim(), { onSuccess: (data) => setMade({ name: data.name, key: data.key }) })
        }
      >
        <Form.Item
          name="name"
          label={m.keyName}
          rules={[
            { required: true, whitespace: true, message: m.keyNameRequired },
            { max: 64, message: m.keyNameRule },
          ]}
        >
          <Input placeholder={m.keyNamePlaceholder} maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
