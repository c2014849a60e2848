import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Image, Input, InputNumber, Modal, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import {
  LIBRARY_KINDS,
  libraryKindLabels,
  listConsoleLibrary,
  saveConsoleLibraryItem,
  type ConsoleLibraryItem,
  type LibraryKind,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout, rangeRules } from '../../../components/admin-layout';
import { curatedColumns } from '../components/curated-columns';
import { PictureField } from '../components/PictureField';
import { adminText as t } from '../messages';

const key = [ACCOUNT_SCOPE, 'console', 'library'] as const;
type ItemForm = { name: string; sort: number; shown: boolean; cover?: string };
/** Voices have no picture; every other library item has a cover the console can replace. */
const hasCover = (kind: LibraryKind) => kind !== 'voice';

/** Public library: actors, voices, person and pet pictures; rename, hide or show, order. */
export default function LibraryPage() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<LibraryKind>('avatar');
  const items = useQuery({ queryKey: [...key, kind], queryFn: () => call(listConsoleLibrary, { kind }) });
  const save = useMutation({
    mutationFn: (p: { id: number; name: string; sort: number; hidden: number; cover?: string }) =>
      call(saveConsoleLibraryItem, { kind, ...p }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...key, kind] }),
  });
  const [editing, setEditing] = useState<ConsoleLibraryItem | null>(null);
  const [form] = Form.useForm<ItemForm>();
  const open = (i: ConsoleLibraryItem) => {
    setEditing(i);
    form.setFieldsValue({ name: i.name, sort: i.sort, shown: i.hidden === 0, cover: i.cover });
  };
  const submit = (v: ItemForm) =>
    editing &&
    save.mutate(
      {
        id: editing.id,
        name: v.name,
        sort: v.sort ?? 0,
        hidden: v.shown ? 0 : 1,
        // Only a newly uploaded picture is sent; the shown one stays as it is.
        ...(v.cover && v.cover !== editing.cover ? { cover: v.cover } : {}),
      },
      { onSuccess: () => setEditing(null) },
    );
  const toggle = (i: ConsoleLibraryItem, shown: boolean) =>
    save.mutate({ id: i.id, name: i.name, sort: i.sort, hidden: shown ? 0 : 1 });

  return (
    <AdminLayout title={t.menuLibrary}>
      <Card>
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as LibraryKind)}
          items={LIBRARY_KINDS.map((k) => ({ key: k, label: libraryKindLabels[k] }))}
        />
        <Table<ConsoleLibraryItem>
          rowKey="id"
          size="middle"
          loading={items.isFetching}
          dataSource={items.data?.list}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            {
              title: t.libraryCover,
              dataIndex: 'cover',
              width: 96,
              render: (src: string, i) =>
                src ? <Image src={src} alt={i.name} width={56} height={56} style={{ objectFit: 'cover' }} /> : '—',
            },
            { title: t.libraryName, dataIndex: 'name' },
            ...curatedColumns({ toggle, open }),
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing ? `${t.editLibraryItem} · ${editing.name}` : t.editLibraryItem}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form<ItemForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={t.libraryName}
            rules={[{ required: true, whitespace: true, message: t.required }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          {hasCover(kind) && (
            <Form.Item name="cover" label={t.libraryNewCover}>
              <PictureField hint={t.libraryCoverHint} label={t.libraryCover} />
            </Form.Item>
          )}
          <Form.Item name="sort" label={t.librarySort} rules={rangeRules(t.librarySort, -100_000, 100_000)}>
            <InputNumber precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="shown" label={t.libraryShown} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        {editing?.hidden === 1 && <Tag>{t.libraryHidden}</Tag>}
      </Modal>
    </AdminLayout>
  );
}
