import { Button, Card, Flex, Form, Input, Modal, Popconfirm, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import type { ConsoleNotice } from '@app/contract';
import { HtmlContent } from '../../../components/HtmlContent';
import { AdminLayout } from '../../../components/admin-layout';
import { useConsoleNotices, useDeleteNotice, usePublishNotice, useSaveNotice } from '../api/site';
import { adminText as t } from '../messages';

interface NoticeForm {
  title: string;
  desc: string;
  content: string;
  published: boolean;
}

/** Notices: create, edit, publish / withdraw, delete; the editor previews the HTML as the notice centre shows it. */
export default function NoticesPage() {
  const notices = useConsoleNotices();
  const save = useSaveNotice();
  const publish = usePublishNotice();
  const remove = useDeleteNotice();
  const [editing, setEditing] = useState<ConsoleNotice | 'new' | null>(null);
  const [form] = Form.useForm<NoticeForm>();
  const content = Form.useWatch('content', form) ?? '';

  const open = (n: ConsoleNotice | 'new') => {
    setEditing(n);
    form.setFieldsValue(
      n === 'new'
        ? { title: '', desc: '', content: '', published: true }
        : { title: n.title, desc: n.desc, content: n.content, published: n.published === 1 },
    );
  };
  const submit = (v: NoticeForm) =>
    save.mutate(
      { id: editing && editing !== 'new' ? editing.id : '', ...v, published: v.published ? 1 : 0 },
      { onSuccess: () => setEditing(null) },
    );

  return (
    <AdminLayout
      title={t.menuNotices}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          {t.newNotice}
        </Button>
      }
    >
      <Card>
        <Table<ConsoleNotice>
          rowKey="id"
          loading={notices.isFetching}
          dataSource={notices.data?.list}
          columns={[
            { title: t.noticeTitle, dataIndex: 'title' },
            { title: t.noticeDesc, dataIndex: 'desc', ellipsis: true },
            {
              title: t.status,
              dataIndex: 'published',
              render: (p: number) => (p ? <Tag color="green">{t.published}</Tag> : <Tag>{t.draft}</Tag>),
            },
            { title: t.time, dataIndex: 'create_time', width: 170 },
            {
              title: t.actions,
              key: 'actions',
              render: (_, n) => (
                <Flex gap={4}>
                  <Button size="small" onClick={() => open(n)} aria-label={`${t.edit} ${n.title}`}>
                    {t.edit}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => publish.mutate({ id: n.id, published: n.published ? 0 : 1 })}
                    aria-label={`${n.published ? t.unpublish : t.publish} ${n.title}`}
                  >
                    {n.published ? t.unpublish : t.publish}
                  </Button>
                  <Popconfirm title={t.removeConfirm} onConfirm={() => remove.mutate({ id: n.id })}>
                    <Button size="small" danger aria-label={`${t.remove} ${n.title}`}>
                      {t.remove}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t.newNotice : t.editNotice}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        width={720}
        forceRender
      >
        <Form<NoticeForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="title"
            label={t.noticeTitle}
            rules={[{ required: true, whitespace: true, message: t.required }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="desc" label={t.noticeDesc}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="content" label={t.noticeContent} rules={[{ required: true, message: t.required }]}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <Form.Item name="published" label={t.publishNow} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        <Card size="small" title={t.preview}>
          <HtmlContent html={content} />
        </Card>
      </Modal>
    </AdminLayout>
  );
}
