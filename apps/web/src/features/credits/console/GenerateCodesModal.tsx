import { Form, Input, InputNumber, Modal } from 'antd';
import { MAX_CODE_BATCH } from '@app/contract';
import { useCreateCodes } from './api';
import { codesConsoleText as t } from './messages';
import { rangeRules } from '../../../components/admin-layout';

interface BatchForm {
  batch: string;
  count: number;
  credits: number;
  days: number;
  vip_days?: number;
  expire_days?: number;
}

/** Make a labelled batch: count, credits per code, how long the credits last, VIP days, how long the codes can be redeemed. */
export function GenerateCodesModal({
  open,
  onClose,
  onMade,
}: {
  open: boolean;
  onClose: () => void;
  onMade: (batch: string) => void;
}) {
  const [form] = Form.useForm<BatchForm>();
  const create = useCreateCodes();
  return (
    <Modal
      open={open}
      title={t.generate}
      onCancel={onClose}
      okText={t.generate}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<BatchForm>
        form={form}
        layout="vertical"
        initialValues={{ count: 100, credits: 1000, days: 365 }}
        onFinish={(v) =>
          create.mutate(
            { ...v, vip_days: v.vip_days ?? '', expire_days: v.expire_days ?? '' },
            {
              onSuccess: (made) => {
                onMade(made.batch);
                form.resetFields();
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="batch"
          label={t.batchLabel}
          rules={[{ required: true, whitespace: true, message: t.required }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="count" label={t.count} rules={rangeRules(t.count, 1, MAX_CODE_BATCH, t.required)}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="credits"
          label={t.creditsPerCode}
          rules={rangeRules(t.creditsPerCode, 1, 10_000_000, t.required)}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="days" label={t.creditDays} rules={rangeRules(t.creditDays, 1, 3650, t.required)}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="vip_days" label={t.vipDays} rules={rangeRules(t.vipDays, 0, 3650)}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expire_days"
          label={t.codeExpireDays}
          rules={rangeRules(t.codeExpireDays, 1, 3650)}
          extra={t.codeExpireHint}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
