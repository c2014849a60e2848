import { Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { voiceMessages } from '@app/contract';
import { useAiWrite } from '../api/ai-write';
import { useWriteTopics } from '../api/write-topics';
import { studioText as t } from '../messages';

interface AiWriteForm {
  keyword: string;
  length: string;
}

/** Theme chips fill the description; the written script goes back through `onWritten`. */
export function AiWriteDialog({
  open,
  onClose,
  onWritten,
}: {
  open: boolean;
  onClose: () => void;
  onWritten: (text: string) => void;
}) {
  const [form] = Form.useForm<AiWriteForm>();
  const write = useAiWrite();
  const topics = useWriteTopics().data ?? [];
  const submit = async () => {
    const { keyword, length } = await form.validateFields();
    const { content } = await write.mutateAsync({ keyword: keyword.trim(), length });
    onClose();
    onWritten(content);
  };
  return (
    <Modal
      title={t.aiWriteTitle}
      open={open}
      okText={t.startWriting}
      cancelText={t.cancel}
      confirmLoading={write.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ length: '0' }}>
        <Form.Item label={t.themeLabel}>
          <Flex vertical gap={8}>
            {topics.map((theme) => (
              <Flex key={theme.name} gap={4} wrap align="center">
                <Typography.Text type="secondary" style={{ width: 72 }}>
                  {theme.name}
                </Typography.Text>
                {theme.list.map((topic) => (
                  <Tag.CheckableTag
                    key={topic.name}
                    checked={false}
                    onChange={() => form.setFieldValue('keyword', `${theme.name}：${topic.name}`)}
                  >
                    {topic.name}
                  </Tag.CheckableTag>
                ))}
              </Flex>
            ))}
          </Flex>
        </Form.Item>
        <Form.Item
          name="keyword"
          label={t.topicLabel}
          rules={[{ required: true, whitespace: true, message: voiceMessages.topicRequired }]}
        >
          <Input.TextArea
            placeholder={t.topicPlaceholder}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
        <Form.Item name="length" label={t.lengthLabel}>
          <Select aria-label={t.lengthLabel} options={[...t.lengths]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
