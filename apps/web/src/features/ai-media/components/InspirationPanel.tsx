import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Form, Input, Modal, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { aiMediaMessages, AI_MEDIA_RULES, type InspirationGroup, type UserPreset } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { useAddPreset, useDeletePreset, useInspiration, usePresets } from '../api/ai-media';
import { aiMediaLabels } from '../messages';
import type { ChosenWord } from './PromptEditor';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function WordLibrary({ groups, onWord }: { groups: InspirationGroup[]; onWord: (w: ChosenWord) => void }) {
  return (
    <Flex vertical gap={8}>
      {groups.map((g) => (
        <Flex key={g.id} gap={6} wrap align="center">
          <Typography.Text type="secondary" style={{ width: 40 }}>
            {g.name}
          </Typography.Text>
          {g.list.map((w) => (
            // mousedown would move the cursor out of the editor: the word goes where the cursor was.
            <Tag
              key={w.id}
              role="button"
              aria-label={w.name}
              style={{ cursor: 'pointer' }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onWord({ id: w.id, name: w.name, is_multi: w.is_multi, group: g.id })}
            >
              {w.name}
            </Tag>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}

/** Save a preset: 请填写预设名称！ / 请填写预设内容！. */
export function PresetDialog({ open, content, onClose }: { open: boolean; content: string; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; content: string }>();
  const add = useAddPreset();
  useEffect(() => {
    if (open) form.setFieldsValue({ title: '', content });
  }, [open, content, form]);
  return (
    <Modal
      title={aiMediaLabels.presetDialog}
      open={open}
      onCancel={onClose}
      okText={aiMediaLabels.save}
      confirmLoading={add.isPending}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => add.mutateAsync({ title: v.title.trim(), content: v.content.trim() }).then(onClose))
          // Refused fields show their message under the field; a refused save was already shown.
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="title"
          label={aiMediaLabels.presetTitle}
          rules={[{ required: true, whitespace: true, message: aiMediaMessages.presetTitleRequired }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="content"
          label={aiMediaLabels.presetContent}
          rules={[{ required: true, whitespace: true, message: aiMediaMessages.presetContentRequired }]}
        >
          <Input.TextArea rows={4} maxLength={AI_MEDIA_RULES.promptMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MyPresets({ onUse }: { onUse: (p: UserPreset) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), AI_MEDIA_RULES.presetSearchDebounceMs);
  const presets = usePresets(debounced);
  const remove = useDeletePreset();
  const confirmDelete = useConfirmDelete();
  const [adding, setAdding] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Input.Search
          allowClear
          placeholder={aiMediaLabels.searchPresets}
          aria-label={aiMediaLabels.searchPresets}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {aiMediaLabels.addPreset}
        </Button>
      </Flex>
      {presets.isLoading ? (
        <Spin />
      ) : presets.data?.list.length ? (
        <Flex vertical gap={4} style={{ maxHeight: 220, overflowY: 'auto' }}>
          {presets.data.list.map((p) => (
            <Flex key={p.id} gap={8} align="center" role="group" aria-label={p.title}>
              <Typography.Text strong style={{ flex: '0 0 auto' }}>
                {p.title}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
                {p.content}
              </Typography.Text>
              <Button size="small" type="link" onMouseDown={(e) => e.preventDefault()} onClick={() => onUse(p)}>
                {aiMediaLabels.usePreset}
              </Button>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${aiMediaLabels.delete} ${p.title}`}
                onClick={() =>
                  confirmDelete({
                    title: aiMediaLabels.confirmDeleteTitle,
                    content: aiMediaMessages.confirmDelete,
                    onDelete: () => remove.mutateAsync(p.id),
                  })
                }
              />
            </Flex>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={aiMediaLabels.noPresets} />
      )}
      <PresetDialog open={adding} content="" onClose={() => setAdding(false)} />
    </Flex>
  );
}

/** The inspiration-word library and the my-presets tab. */
export function InspirationPanel({
  onWord,
  onPreset,
}: {
  onWord: (w: ChosenWord) => void;
  onPreset: (p: UserPreset) => void;
}) {
  const groups = useInspiration();
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'words',
          label: aiMediaLabels.inspiration,
          children: groups.isLoading ? <Spin /> : <WordLibrary groups={groups.data?.list ?? []} onWord={onWord} />,
        },
        { key: 'presets', label: aiMediaLabels.myPresets, children: <MyPresets onUse={onPreset} /> },
      ]}
    />
  );
}
