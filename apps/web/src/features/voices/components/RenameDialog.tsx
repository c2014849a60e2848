import { Form, Input, Modal } from 'antd';
import { voiceMessages, type Voice } from '@app/contract';
import { useSaveVoice } from '../api/voice-mutations';
import { cloneMessages } from '../messages';
import { useThrottled } from '../use-throttled';

export function RenameDialog({ voice, onClose }: { voice: Voice | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveVoice();
  const submit = useThrottled(() => {
    void (async () => {
      const { name } = await form.validateFields();
      if (!voice) return;
      await save.mutateAsync({ id: voice.id, name: name.trim() });
      onClose();
    })().catch(() => undefined);
  });
  return (
    <Modal
      title={cloneMessages.renameTitle}
      open={!!voice}
      okText={cloneMessages.save}
      cancelText={cloneMessages.cancel}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: voice?.name ?? '' }}>
        <Form.Item
          label={cloneMessages.name}
          name="name"
          rules={[{ required: true, whitespace: true, message: voiceMessages.renameRequired }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
