import { Alert, Button, Card, Flex, Form, InputNumber, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { LiveSettings } from '@app/contract';
import { AdminLayout } from '../../../components/admin-layout';
import { rangeRules } from '../../../components/admin-layout/number-rules';
import { liveConsoleLabels as m } from '../messages';
import { useLiveSettings, useSaveLiveSettings } from './api';

/** The numbers of the form, with the limits the server takes. */
const NUMBERS = [
  { name: 'max_minutes', label: m.maxMinutes, help: m.maxMinutesHelp, min: 1, max: 600 },
  { name: 'max_sessions', label: m.maxSessions, help: m.maxSessionsHelp, min: 1, max: 100 },
  { name: 'embed_starts_per_minute', label: m.embedStarts, help: m.embedStartsHelp, min: 1, max: 10_000 },
  { name: 'embed_max_sessions', label: m.embedSessions, help: m.embedSessionsHelp, min: 1, max: 10_000 },
] as const;

/** The console's rules of live sessions: length, sessions per account, guests, and the widgets' limits. */
export default function LiveConsolePage() {
  const settings = useLiveSettings();
  const save = useSaveLiveSettings();
  const [form] = Form.useForm<LiveSettings>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  return (
    <AdminLayout title={m.menu}>
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Alert
          type="info"
          showIcon
          title={m.priceNote}
          action={
            <Link to="/admin/channels">
              <Button size="small">{m.toChannels}</Button>
            </Link>
          }
        />
        <Card title={m.rules}>
          <Spin spinning={settings.isLoading}>
            <Form<LiveSettings>
              form={form}
              layout="vertical"
              onFinish={(v) => save.mutate({ ...v, guests_allowed: v.guests_allowed ? 1 : 0 })}
            >
              {NUMBERS.map((f) => (
                <Form.Item
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  extra={f.help}
                  rules={rangeRules(f.label, f.min, f.max, m.required)}
                >
                  <InputNumber aria-label={f.label} precision={0} style={{ width: 200 }} />
                </Form.Item>
              ))}
              <Form.Item name="guests_allowed" label={m.guests} extra={m.guestsHelp} valuePropName="checked">
                <Switch aria-label={m.guests} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!settings.data}>
                {m.save}
              </Button>
            </Form>
          </Spin>
        </Card>
      </Flex>
    </AdminLayout>
  );
}
