import { Form, Input, Modal } from 'antd';
import { studioMessages, type Work } from '@app/contract';
import { useRenameWork } from '../api/rename-work';
import { worksMessages as m } from '../messages';

/** Rename a finished work; an empty name is refused with 请填写名称后保存. */
export function RenameDialog({ work, onClose }: { work: Work | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameWork();
  const save = async () => {
    if (!work) return;
    const { name } = await form.validateFields();
    await rename.mutateAsync({ id: work.id, name: name.trim() });
    onClose();
  };
  return (
    <Modal
      title={m.renameTitle}
      open={!!work}
      okText={m.ok}
      cancelText={m.cancel}
      confirmLoading={rename.isPending}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} preserve={false} initialValues={{ name: work?.name ?? '' }}>
        <Form.Item name="name" rules={[{ required: true, whitespace: true, message: studioMessages.renameRequired }]}>
          <Input aria-label={m.renameTitle} placeholder={m.namePlaceholder} maxLength={64} autoFocus allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
