import { Alert, Button, Card, Col, Flex, Form, Input, List, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { EngineId, EngineSettingsRow, EngineToolRow } from '@app/contract';
import { AdminLayout } from '../../../components/admin-layout';
import { useEngineSettings, useSaveEngine, useTestEngine } from '../api/engines';
import { adminText as t } from '../messages';

type Field = EngineSettingsRow['fields'][number];

const sourceTag = (f: Field) =>
  f.source === 'env' ? (
    <Tag color="gold">{t.fromEnv}</Tag>
  ) : f.source === 'console' ? (
    <Tag color="blue">{t.fromConsole}</Tag>
  ) : (
    <Tag>{t.fromDefault}</Tag>
  );

/** One engine: its settings (environment ones read-only, secrets write-only), save and test connection. */
function EngineCard({ engine }: { engine: EngineSettingsRow }) {
  const [form] = Form.useForm<Record<string, string>>();
  const save = useSaveEngine();
  const test = useTestEngine();
  const [result, setResult] = useState<{ ok: number; message: string } | null>(null);
  // What the form starts with: console values of plain fields; secrets are never filled in.
  const initial = Object.fromEntries(
    engine.fields.map((f) => [f.key, f.source === 'console' && !f.secret ? f.value : '']),
  );
  const configured = engine.fields.some((f) => f.source !== 'default' && f.value);

  const submit = (v: Record<string, string>) => {
    const values: Record<string, string> = {};
    for (const f of engine.fields) {
      if (f.source === 'env') continue;
      const now = (v[f.key] ?? '').trim();
      if (f.secret ? now !== '' : now !== initial[f.key]) values[f.key] = now;
    }
    save.mutate(
      { engine: engine.id as EngineId, values: JSON.stringify(values) },
      {
        onSuccess: () =>
          form.resetFields(Object.keys(values).filter((k) => engine.fields.find((f) => f.key === k)?.secret)),
      },
    );
  };
  const clear = (key: string) => save.mutate({ engine: engine.id as EngineId, values: '{}', clear: key });

  return (
    <Card
      title={
        <Space>
          {engine.label}
          {configured ? <Tag color="green">{t.configured}</Tag> : <Tag>{t.notConfigured}</Tag>}
        </Space>
      }
      extra={
        <Button
          size="small"
          loading={test.isPending}
          aria-label={`${t.testConnection} ${engine.label}`}
          onClick={() => test.mutate(engine.id as EngineId, { onSuccess: (r) => setResult(r) })}
        >
          {t.testConnection}
        </Button>
      }
      data-engine={engine.id}
    >
      <Typography.Paragraph type="secondary">{engine.desc}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} aria-label={engine.label}>
        {engine.fields.map((f) => (
          <Form.Item
            key={f.key}
            name={f.key}
            label={
              <Space size={4}>
                {f.label}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {f.key}
                </Typography.Text>
                {sourceTag(f)}
              </Space>
            }
          >
            {f.source === 'env' ? (
              <Input disabled placeholder={f.value} aria-label={f.key} />
            ) : f.secret ? (
              <Input.Password
                autoComplete="new-password"
                aria-label={f.key}
                placeholder={f.value ? t.secretKept(f.value) : t.secretEmpty}
                addonAfter={
                  f.source === 'console' ? (
                    <Tooltip title={t.clearValue}>
                      <a onClick={() => clear(f.key)}>{t.clearValue}</a>
                    </Tooltip>
                  ) : undefined
                }
              />
            ) : (
              <Input aria-label={f.key} placeholder={f.source === 'default' ? f.value : ''} />
            )}
          </Form.Item>
        ))}
        <Flex gap={8} align="center">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Flex>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.message}
          role="status"
        />
      )}
    </Card>
  );
}

/** Per tool: open, or what the operator still has to configure for it (the users only see 未开通). */
function ToolNeeds({ tools }: { tools: EngineToolRow[] }) {
  return (
    <Card title={t.toolsTitle} style={{ marginBottom: 16 }} data-testid="tool-needs">
      <Typography.Paragraph type="secondary">{t.toolsHint}</Typography.Paragraph>
      <List
        size="small"
        dataSource={tools}
        renderItem={(tool) => (
          <List.Item data-tool={tool.key}>
            <Flex vertical gap={4} style={{ width: '100%' }}>
              <Space>
                <Typography.Text strong>{tool.label}</Typography.Text>
                {tool.available ? <Tag color="green">{t.toolOpen}</Tag> : <Tag color="orange">{t.toolClosed}</Tag>}
              </Space>
              {tool.missing.map((need) => (
                <Typography.Text key={need} type="secondary" style={{ fontSize: 12 }}>
                  {t.toolNeeds}
                  {need}
                </Typography.Text>
              ))}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** Engine settings: every engine's address, keys and model names; environment first, effective on save. */
export default function EnginesPage() {
  const engines = useEngineSettings();
  return (
    <AdminLayout title={t.menuEngines}>
      <Alert type="info" showIcon message={t.enginesHint} style={{ marginBottom: 16 }} />
      {engines.data?.tools.length ? <ToolNeeds tools={engines.data.tools} /> : null}
      <Row gutter={[16, 16]}>
        {engines.data?.list.map((e) => (
          <Col key={`${e.id}:${e.fields.map((f) => f.source + f.value).join('|')}`} xs={24} xl={12}>
            <EngineCard engine={e} />
          </Col>
        ))}
      </Row>
    </AdminLayout>
  );
}
