import { Alert, Flex, Form, Input, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { LiveConfig } from '@app/contract';
import { dialogLabels } from '../../../components/dialogs/messages';
import { usePublishLiveConfig } from '../api/live';
import { liveLabels as t } from '../messages';

/**
 * What a site pastes for a published key, as the publish call gives it: the widget's page (this site's, framed
 * only by the listed sites) and the loader tag that inserts it.
 */
export const embedSnippets = (key: string) => {
  const site = window.location.origin;
  const k = encodeURIComponent(key);
  return {
    iframe_url: `${site}/live-embed.html?key=${k}#/embed/live/${k}`,
    script: `<script src="${site}/embed/live.js" data-key="${key}" async></script>`,
  };
};

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Paragraph
        data-testid={testId}
        copyable={{ text: value, tooltips: [t.copy, t.copied] }}
        code
        style={{ margin: 0, wordBreak: 'break-all' }}
      >
        {value}
      </Typography.Paragraph>
    </Flex>
  );
}

interface Published {
  iframe_url: string;
  script: string;
}

/**
 * Publishes a configuration as a widget for other sites: on or off, the sites allowed to embed it (one per line),
 * and, once on, the iframe address and the script tag to copy.
 */
export function WidgetDialog({ config, onClose }: { config: LiveConfig | null; onClose: () => void }) {
  const publish = usePublishLiveConfig();
  const [form] = Form.useForm<{ enabled: boolean; origins: string }>();
  const [published, setPublished] = useState<Published | null>(null);
  const enabled = Form.useWatch('enabled', form);
  const key = config?.embed.key;
  const shown: Published | null = published ?? (config?.embed.enabled && key ? embedSnippets(key) : null);
  const submit = async () => {
    if (!config) return;
    const v = await form.validateFields();
    const r = await publish.mutateAsync({ id: config.id, enabled: v.enabled ? 1 : 0, origins: v.origins ?? '' });
    setPublished(v.enabled ? r : null);
    if (!v.enabled) onClose();
  };
  const close = () => {
    setPublished(null);
    onClose();
  };
  return (
    <Modal
      title={t.publishTitle}
      open={config !== null}
      okText={t.savePublish}
      cancelText={dialogLabels.cancel}
      confirmLoading={publish.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
      width={600}
    >
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          {config ? <Typography.Text strong>{t.publishFor(config.name)}</Typography.Text> : null}
          <Typography.Text type="secondary">{t.publishIntro}</Typography.Text>
        </Flex>
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ enabled: config?.embed.enabled ?? false, origins: config?.embed.origins.join('\n') ?? '' }}
        >
          <Form.Item label={t.publishEnable} name="enabled" valuePropName="checked">
            <Switch aria-label={t.publishEnable} />
          </Form.Item>
          <Form.Item label={t.origins} name="origins" extra={t.originsHint}>
            <Input.TextArea
              disabled={!enabled}
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t.originsPlaceholder}
              aria-label={t.origins}
            />
          </Form.Item>
        </Form>
        {shown && enabled ? (
          <Flex vertical gap={12}>
            <CopyField label={t.iframeUrl} value={shown.iframe_url} testId="live-iframe-url" />
            <CopyField label={t.scriptTag} value={shown.script} testId="live-script" />
          </Flex>
        ) : (
          <Alert type="info" showIcon message={enabled ? t.saveToGetCode : t.publishedOff} />
        )}
      </Flex>
    </Modal>
  );
}
