import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  listConsoleWorkflows,
  saveConsoleWorkflow,
  WORKFLOW_KINDS,
  WORKFLOW_PLACEHOLDERS,
  WORKFLOW_REQUIRED,
  workflowKindLabels,
  workflowMessages,
  type WorkflowKind,
} from '@app/contract';
import { call } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout } from '../../../components/admin-layout';
import { adminText as t } from '../messages';

const key = [ACCOUNT_SCOPE, 'console', 'workflows'] as const;
type WorkflowForm = { name: string; graph: string };

/**
 * ComfyUI workflow templates (text-to-image, text-to-video, image-to-video): the API-format JSON the
 * engine fills with its placeholders; checked by the server on save and used from the next order on.
 */
export default function WorkflowsPage() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<WorkflowKind>('text2image');
  const workflows = useQuery({ queryKey: key, queryFn: () => call(listConsoleWorkflows, {}) });
  const current = workflows.data?.list.find((w) => w.kind === kind);
  const [form] = Form.useForm<WorkflowForm>();
  const save = useMutation({
    mutationFn: (v: WorkflowForm) => call(saveConsoleWorkflow, { kind, ...v }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  useEffect(() => {
    if (current) form.setFieldsValue({ name: current.name, graph: current.graph });
  }, [current, form]);
  const reset = () => current && form.setFieldsValue({ name: current.name, graph: current.graph });
  const format = () => {
    try {
      form.setFieldValue('graph', JSON.stringify(JSON.parse(form.getFieldValue('graph') as string), null, 2));
    } catch {
      feedback.error(workflowMessages.notJson);
    }
  };

  return (
    <AdminLayout title={t.menuWorkflows}>
      <Card loading={workflows.isLoading}>
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as WorkflowKind)}
          items={WORKFLOW_KINDS.map((k) => ({ key: k, label: workflowKindLabels[k] }))}
        />
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <Flex vertical gap={4}>
              <span>
                {t.workflowRequired}
                {WORKFLOW_REQUIRED[kind].map((p) => (
                  <Tag key={p} color="blue">
                    {p}
                  </Tag>
                ))}
              </span>
              <span>
                {t.workflowPlaceholders}
                {WORKFLOW_PLACEHOLDERS.map((p) => (
                  <Tag key={p}>{p}</Tag>
                ))}
              </span>
            </Flex>
          }
        />
        <Form<WorkflowForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item name="name" label={t.workflowName} rules={[{ required: true, whitespace: true, message: t.required }]}>
            <Input maxLength={64} style={{ maxWidth: 400 }} />
          </Form.Item>
          <Form.Item name="graph" label={t.workflowGraph} rules={[{ required: true, message: t.required }]}>
            <Input.TextArea
              rows={22}
              spellCheck={false}
              aria-label={t.workflowGraph}
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
            />
          </Form.Item>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {current ? `${t.workflowUpdated}${current.update_time}` : ''}
            </Typography.Text>
            <Space>
              <Button onClick={format}>{t.workflowFormat}</Button>
              <Button onClick={reset}>{t.workflowReset}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t.save}
              </Button>
            </Space>
          </Flex>
        </Form>
      </Card>
    </AdminLayout>
  );
}
