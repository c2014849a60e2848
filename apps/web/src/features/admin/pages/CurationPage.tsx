import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import {
  CURATION_KINDS,
  curationKindLabels,
  listConsoleCuration,
  saveConsoleCuration,
  type ConsoleCurationItem,
  type CurationKind,
  type ParamsOf,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout, rangeRules } from '../../../components/admin-layout';
import { curatedColumns } from '../components/curated-columns';
import { PictureField } from '../components/PictureField';
import { adminText as t } from '../messages';

const key = [ACCOUNT_SCOPE, 'console', 'curation'] as const;
type SaveParams = ParamsOf<typeof saveConsoleCuration>;
interface ItemForm {
  name: string;
  content?: string;
  group_id?: number;
  multi?: boolean;
  image?: string;
  image_tail?: string;
  clear_tail?: boolean;
  sort?: number;
  shown: boolean;
}

const PROMPTS: readonly CurationKind[] = ['image_prompt', 'video_prompt', 'image_video_prompt'];
const SHORT_NAMES: readonly CurationKind[] = ['inspiration_group', 'inspiration_word', 'write_topic'];

/** Thumbnail of a curated picture, '—' without one. */
const thumb = (src: string, alt: string) =>
  src ? <Image src={src} alt={alt} width={48} height={48} style={{ objectFit: 'cover' }} /> : '—';

/**
 * Content the creative pages offer: recommended prompts of the three AI-media pages (with sample
 * frames for image-to-video), inspiration groups and words, AI-writing topics — add, edit, order, hide.
 */
export default function CurationPage() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<CurationKind>('image_prompt');
  const items = useQuery({ queryKey: [...key, kind], queryFn: () => call(listConsoleCuration, { kind }) });
  // Words name their group: the groups are read too while the words tab is open.
  const groups = useQuery({
    queryKey: [...key, 'inspiration_group'],
    queryFn: () => call(listConsoleCuration, { kind: 'inspiration_group' }),
    enabled: kind === 'inspiration_word',
  });
  const groupName = (id: number) => groups.data?.list.find((g) => g.id === id)?.name ?? String(id);
  const save = useMutation({
    mutationFn: (p: SaveParams) => call(saveConsoleCuration, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const [editing, setEditing] = useState<ConsoleCurationItem | 'new' | null>(null);
  const [form] = Form.useForm<ItemForm>();
  const current = editing && editing !== 'new' ? editing : null;

  const open = (i: ConsoleCurationItem | 'new') => {
    setEditing(i);
    form.resetFields();
    if (i === 'new') form.setFieldsValue({ shown: true, sort: 0, multi: true });
    else
      form.setFieldsValue({
        name: i.name,
        content: i.content,
        group_id: i.group_id || undefined,
        multi: i.is_multi === 1,
        image: i.image,
        image_tail: i.image_tail,
        sort: i.sort,
        shown: i.hidden === 0,
      });
  };
  const submit = (v: ItemForm) => {
    // Pictures are sent only when a new one was uploaded; the server keeps the current ones otherwise.
    const changed = (url: string | undefined, was: string | undefined) => (url && url !== was ? url : undefined);
    const p: SaveParams = {
      kind,
      ...(current ? { id: current.id } : {}),
      name: v.name,
      content: v.content ?? '',
      hidden: v.shown ? 0 : 1,
      sort: v.sort ?? 0,
    };
    if (kind === 'inspiration_word' && v.group_id) p.group_id = v.group_id;
    if (kind === 'inspiration_group') p.is_multi = v.multi ? 1 : 0;
    const image = changed(v.image, current?.image);
    if (image) p.image = image;
    const tail = changed(v.image_tail, current?.image_tail);
    if (v.clear_tail) p.clear_image_tail = 1;
    else if (tail) p.image_tail = tail;
    save.mutate(p, { onSuccess: () => setEditing(null) });
  };
  const toggle = (i: ConsoleCurationItem, shown: boolean) =>
    save.mutate({
      kind,
      id: i.id,
      name: i.name,
      content: i.content,
      ...(kind === 'inspiration_group' ? { is_multi: i.is_multi } : {}),
      hidden: shown ? 0 : 1,
      sort: i.sort,
    });

  const isPrompt = PROMPTS.includes(kind);
  return (
    <AdminLayout title={t.menuCuration}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Tabs
            activeKey={kind}
            onChange={(k) => setKind(k as CurationKind)}
            items={CURATION_KINDS.map((k) => ({ key: k, label: curationKindLabels[k] }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t.curationAdd}
          </Button>
        </Flex>
        <Table<ConsoleCurationItem>
          rowKey="id"
          size="middle"
          loading={items.isFetching}
          dataSource={items.data?.list}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: isPrompt ? t.curationTitle : t.curationName, dataIndex: 'name', width: 180 },
            ...(isPrompt || kind === 'write_topic'
              ? [
                  {
                    title: kind === 'write_topic' ? t.curationSubTopics : t.curationContent,
                    dataIndex: 'content',
                    ellipsis: true,
                    render: (c: string) => (kind === 'write_topic' ? c.split('\n').join('、') : c),
                  },
                ]
              : []),
            ...(kind === 'inspiration_word'
              ? [{ title: t.curationGroup, dataIndex: 'group_id', render: (g: number) => groupName(g) }]
              : []),
            ...(kind === 'inspiration_group'
              ? [
                  {
                    title: t.curationIsMulti,
                    dataIndex: 'is_multi',
                    render: (m: number) => (m ? t.curationMulti : t.curationSingle),
                  },
                ]
              : []),
            ...(kind === 'image_video_prompt' || kind === 'inspiration_word'
              ? [
                  {
                    title: kind === 'inspiration_word' ? t.curationDemo : t.curationImage,
                    dataIndex: 'image',
                    width: 120,
                    render: (src: string, i: ConsoleCurationItem) => (
                      <Flex gap={4}>
                        {thumb(src, i.name)}
                        {i.image_tail ? thumb(i.image_tail, i.name) : null}
                      </Flex>
                    ),
                  },
                ]
              : []),
            ...curatedColumns({ toggle, open }),
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={`${current ? t.curationEdit : t.curationNew} · ${curationKindLabels[kind]}`}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        width={640}
        forceRender
      >
        <Form<ItemForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={isPrompt ? t.curationTitle : t.curationName}
            rules={[{ required: true, whitespace: true, message: t.required }]}
          >
            <Input maxLength={SHORT_NAMES.includes(kind) ? 32 : 64} showCount />
          </Form.Item>
          {(isPrompt || kind === 'write_topic') && (
            <Form.Item
              name="content"
              label={kind === 'write_topic' ? t.curationSubTopics : t.curationContent}
              rules={[{ required: true, whitespace: true, message: t.required }]}
            >
              <Input.TextArea rows={kind === 'write_topic' ? 5 : 4} maxLength={2500} />
            </Form.Item>
          )}
          {kind === 'inspiration_word' && (
            <Form.Item name="group_id" label={t.curationGroup} rules={[{ required: true, message: t.required }]}>
              <Select
                loading={groups.isFetching}
                options={groups.data?.list.map((g) => ({ value: g.id, label: g.name }))}
                aria-label={t.curationGroup}
              />
            </Form.Item>
          )}
          {kind === 'inspiration_group' && (
            <Form.Item name="multi" label={t.curationIsMulti} valuePropName="checked">
              <Switch checkedChildren={t.curationMulti} unCheckedChildren={t.curationSingle} />
            </Form.Item>
          )}
          {(kind === 'image_video_prompt' || kind === 'inspiration_word') && (
            <Form.Item
              name="image"
              label={kind === 'inspiration_word' ? t.curationDemo : t.curationImage}
              rules={kind === 'image_video_prompt' ? [{ required: true, message: t.required }] : []}
            >
              <PictureField hint={t.libraryCoverHint} label={t.curationImage} />
            </Form.Item>
          )}
          {kind === 'image_video_prompt' && (
            <>
              <Form.Item name="image_tail" label={t.curationImageTail}>
                <PictureField hint={t.libraryCoverHint} label={t.curationImageTail} />
              </Form.Item>
              {current?.image_tail ? (
                <Form.Item name="clear_tail" valuePropName="checked">
                  <Checkbox>{t.curationClearTail}</Checkbox>
                </Form.Item>
              ) : null}
            </>
          )}
          <Flex gap={24}>
            <Form.Item name="sort" label={t.librarySort} rules={rangeRules(t.librarySort, -100_000, 100_000)}>
              <InputNumber precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="shown" label={t.libraryShown} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
        </Form>
        {current?.hidden === 1 && <Tag>{t.libraryHidden}</Tag>}
      </Modal>
    </AdminLayout>
  );
}
