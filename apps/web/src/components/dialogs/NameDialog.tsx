import { Form, Input, Modal } from 'antd';
import { useThrottled } from '../../lib/rate-limit';
import { dialogLabels } from './messages';

/** Rename and save buttons take one click per second (spec 000 §9). */
const SAVE_THROTTLE_MS = 1000;

export interface NameDialogProps {
  open: boolean;
  title: string;
  /** The name the box starts with. */
  initialName: string;
  /** Shown above the box; without it the box is named by its placeholder. */
  label?: string;
  placeholder?: string;
  okText?: string;
  /** Said when the name is blank, in the spec's words. */
  requiredMessage: string;
  saving: boolean;
  /** Gets the trimmed name; the dialog closes once it resolves and stays open if it fails. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** One name in a dialog: a blank name is refused with `requiredMessage`, the saved one is trimmed. */
export function NameDialog({
  open,
  title,
  initialName,
  label,
  placeholder,
  okText = dialogLabels.ok,
  requiredMessage,
  saving,
  onSave,
  onClose,
}: NameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const save = useThrottled(() => {
    void (async () => {
      const { name } = await form.validateFields();
      await onSave(name.trim());
      onClose();
    })().catch(() => undefined);
  }, SAVE_THROTTLE_MS);
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText={dialogLabels.cancel}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: initialName }}>
        <Form.Item label={label} name="name" rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input
            aria-label={label ? undefined : placeholder}
            placeholder={placeholder}
            maxLength={64}
            autoFocus
            allowClear
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
