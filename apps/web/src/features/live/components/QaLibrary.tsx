import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { liveMessages, LIVE_ANSWER_MAX, type LiveQa } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { dialogLabels } from '../../../components/dialogs/messages';
import { useDeleteLiveQa, useLiveQas, useSaveLiveFallback, useSaveLiveQa } from '../api/qa';
import { liveLabels as t } from '../messages';

interface QaForm {
  questions: string;
  answer: string;
}

/** Adds an entry, or changes one: the question's variants one per line, and the answer spoken. */
function QaDialog({ entry, onClose }: { entry: LiveQa | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<QaForm>();
  const save = useSaveLiveQa();
  const editing = entry && entry !== 'new' ? entry : null;
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ id: editing?.id, questions: v.questions, answer: v.answer });
    onClose();
  };
  return (
    <Modal
      title={editing ? t.editQa : t.addQa}
      open={entry !== null}
      okText={dialogLabels.ok}
      cancelText={dialogLabels.cancel}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ questions: editing?.questions.join('\n') ?? '', answer: editing?.answer ?? '' }}
      >
        <Form.Item
          label={t.questions}
          name="questions"
          rules={[{ required: true, whitespace: true, message: liveMessages.questionsEmpty }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t.questionsPlaceholder} />
        </Form.Item>
        <Form.Item
          label={t.answer}
          name="answer"
          rules={[{ required: true, whitespace: true, message: liveMessages.answerEmpty }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={LIVE_ANSWER_MAX}
            showCount
            placeholder={t.answerPlaceholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The fallback answer: spoken when no entry fits the question; blank keeps the default one (keyed by the saved one). */
function FallbackBox({ fallback }: { fallback: string | undefined }) {
  const save = useSaveLiveFallback();
  const [value, setValue] = useState(fallback ?? '');
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t.fallback}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.fallbackHint}
      </Typography.Text>
      <Input.TextArea
        aria-label={t.fallback}
        value={value}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={liveMessages.defaultFallback}
        onChange={(e) => setValue(e.target.value)}
      />
      <Flex justify="flex-end">
        <Button
          loading={save.isPending}
          disabled={value.trim() === (fallback ?? '').trim()}
          onClick={() => void save.mutateAsync(value.trim()).catch(() => undefined)}
        >
          {t.saveFallback}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The Q&A library: its entries (the question variants and the answer), add, edit, delete, and the fallback. */
export function QaLibrary() {
  const qas = useLiveQas();
  const remove = useDeleteLiveQa();
  const confirmDelete = useConfirmDelete();
  const [open, setOpen] = useState<LiveQa | 'new' | null>(null);
  const list = qas.data?.list ?? [];
  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary">{t.libraryIntro}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
          {t.addQa}
        </Button>
      </Flex>
      <List<LiveQa>
        loading={qas.isLoading}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.emptyLibrary} /> }}
        renderItem={(qa) => (
          <Card size="small" style={{ marginBottom: 8 }} role="group" aria-label={qa.questions[0]}>
            <Flex gap={12} align="flex-start">
              <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Flex gap={6} wrap align="center">
                  <Typography.Text strong>{qa.questions[0]}</Typography.Text>
                  {qa.questions.length > 1 ? <Tag>{t.variants(qa.questions.length)}</Tag> : null}
                </Flex>
                {qa.questions.length > 1 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                    {qa.questions.slice(1).join(' / ')}
                  </Typography.Text>
                ) : null}
                <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
                  {qa.answer}
                </Typography.Paragraph>
              </Flex>
              <Flex gap={4} style={{ flex: 'none' }}>
                <Button type="text" icon={<EditOutlined />} aria-label={t.edit} onClick={() => setOpen(qa)} />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t.deleteQa}
                  onClick={() =>
                    confirmDelete({
                      title: t.deleteQaTitle,
                      content: qa.questions[0],
                      onDelete: () => remove.mutateAsync(qa.id),
                    })
                  }
                />
              </Flex>
            </Flex>
          </Card>
        )}
      />
      {list.length ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.total(qas.data?.total ?? list.length)}
        </Typography.Text>
      ) : null}
      <FallbackBox key={qas.data?.fallback ?? ''} fallback={qas.data?.fallback} />
      <QaDialog entry={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
