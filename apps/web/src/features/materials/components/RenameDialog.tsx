import { Form, Input, Modal } from 'antd';
import { filesMessages, type MaterialItem } from '@app/contract';
import { useRenameMaterial } from '../api/save-material';
import { materialsLabels } from '../messages';

export function RenameDialog({ item, onClose }: { item: MaterialItem | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameMaterial();
  const submit = async () => {
    const { name } = await form.validateFields();
    if (!item) return;
    await rename.mutateAsync({ id: item.id, name: name.trim() });
    onClose();
  };
  return (
    <Modal
      title={materialsLabels.renameTitle}
      open={!!item}
      okText={materialsLabels.confirm}
      cancelText={materialsLabels.cancel}
      confirmLoading={rename.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: item?.name }}>
        <Form.Item name="name" rules={[{ required: true, whitespace: true, message: filesMessages.nameRequired }]}>
          <Input
            placeholder={materialsLabels.namePlaceholder}
            maxLength={64}
            autoFocus
            aria-label={materialsLabels.namePlaceholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
