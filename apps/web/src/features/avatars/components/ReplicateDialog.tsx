import { Alert, Form, Input, Modal } from 'antd';
import { studioMessages } from '@app/contract';
import { useThrottled } from '../../../lib/rate-limit';
import { useCreateAvatar } from '../api/create-avatar';
import { avatarsMessages as m } from '../messages';
import { CLICK_THROTTLE_MS } from './AvatarGrid';
import { AvatarVideoField } from './AvatarVideoField';

interface ReplicateForm {
  name: string;
  fileId: number;
}

/** Name and video of a new avatar; starting the clone is throttled to one click per second. */
export function ReplicateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ReplicateForm>();
  const create = useCreateAvatar();
  const submit = async () => {
    const { name, fileId } = await form.validateFields();
    await create.mutateAsync({ name: name.trim(), fileId });
    onClose();
  };
  const start = useThrottled(() => void submit().catch(() => undefined), CLICK_THROTTLE_MS);
  return (
    <Modal
      title={m.replicateTitle}
      open={open}
      okText={m.startClone}
      cancelText={m.cancel}
      confirmLoading={create.isPending}
      onOk={start}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={m.nameLabel}
          rules={[{ required: true, whitespace: true, message: studioMessages.avatarNameRequired }]}
        >
          <Input placeholder={m.namePlaceholder} maxLength={64} allowClear />
        </Form.Item>
        <Form.Item
          name="fileId"
          label={m.videoLabel}
          rules={[{ required: true, message: studioMessages.avatarVideoRequired }]}
        >
          <AvatarVideoField />
        </Form.Item>
      </Form>
      <Alert
        type="info"
        showIcon
        title={m.requirementsTitle}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {m.requirements.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        }
      />
    </Modal>
  );
}
