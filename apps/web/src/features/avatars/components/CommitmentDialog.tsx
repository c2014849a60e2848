import { Checkbox, Form, Modal, Typography } from 'antd';
import { studioMessages } from '@app/contract';
import { avatarsMessages as m } from '../messages';

interface CommitmentDialogProps {
  open: boolean;
  onAgree: () => void;
  onCancel: () => void;
}

/** The commitment notice before cloning: continuing needs the agreement ticked. */
export function CommitmentDialog({ open, onAgree, onCancel }: CommitmentDialogProps) {
  const [form] = Form.useForm<{ agreed: boolean }>();
  const agree = async () => {
    await form.validateFields();
    form.resetFields();
    onAgree();
  };
  return (
    <Modal
      title={m.commitmentTitle}
      open={open}
      okText={m.agreeAndContinue}
      cancelText={m.cancel}
      onOk={() => void agree().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography>
        <ol>
          {m.commitmentBody.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </Typography>
      <Form form={form} preserve={false}>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          initialValue={false}
          rules={[
            {
              validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(studioMessages.avatarAgreement))),
            },
          ]}
          style={{ marginBottom: 0 }}
        >
          <Checkbox>
            {m.agreePrefix}
            <a href="#/protocol?type=clone" target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
              {m.agreementLink}
            </a>
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
