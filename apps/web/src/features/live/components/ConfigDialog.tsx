import { Avatar, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { LIVE_SOURCES, liveSessionMessages as m, type LiveConfig, type LiveOptions } from '@app/contract';
import { dialogLabels } from '../../../components/dialogs/messages';
import { AvatarStatus, useAvatars } from '../../../entities/avatars';
import { isCloning, isFailed, useVoiceList } from '../../../entities/voices';
import { useSaveLiveConfig, type LiveConfigForm } from '../api/live';
import { liveLabels as t } from '../messages';

/** Ready avatars: the caller's own, then the public actors, in two groups with their covers. */
function useAvatarGroups() {
  const mine = useAvatars({ source: '1' });
  const shared = useAvatars({ source: '2' });
  const group = (label: string, list: NonNullable<typeof mine.data>['list'] | undefined) => ({
    label,
    title: label,
    options: (list ?? [])
      .filter((a) => a.status === AvatarStatus.ready)
      .map((a) => ({
        value: a.id,
        name: a.name,
        label: (
          <Flex align="center" gap={8}>
            <Avatar shape="square" size={24} src={a.cover_small || a.cover} />
            <span>{a.name}</span>
          </Flex>
        ),
      })),
  });
  return [group(t.myAvatars, mine.data?.list), group(t.publicAvatars, shared.data?.list)].filter(
    (g) => g.options.length > 0,
  );
}

function useVoiceGroups() {
  const mine = useVoiceList(1);
  const shared = useVoiceList(2);
  const group = (label: string, list: NonNullable<typeof mine.data>['list'] | undefined) => ({
    label,
    title: label,
    options: (list ?? []).filter((v) => !isCloning(v) && !isFailed(v)).map((v) => ({ value: v.id, label: v.name })),
  });
  return [group(t.myVoices, mine.data?.list), group(t.publicVoices, shared.data?.list)].filter(
    (g) => g.options.length > 0,
  );
}

type FormValues = Omit<LiveConfigForm, 'id'>;

/**
 * A named configuration: the avatar (own or a public actor), the voice, where answers come from (the Q&A library,
 * or the chat model when this site has one) and the persona and greeting.
 */
export function ConfigDialog({
  config,
  options,
  onClose,
  onSaved,
}: {
  /** The one being changed, 'new' for a new one, null closed. */
  config: LiveConfig | 'new' | null;
  options: LiveOptions | undefined;
  onClose: () => void;
  onSaved: (c: LiveConfig) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveLiveConfig();
  const avatars = useAvatarGroups();
  const voices = useVoiceGroups();
  const editing = config && config !== 'new' ? config : null;
  const source = Form.useWatch('source', form);
  const chatReady = options?.chat_ready ?? false;
  const submit = async () => {
    const v = await form.validateFields();
    const saved = await save.mutateAsync({
      ...v,
      id: editing?.id,
      persona: v.persona ?? '',
      greeting: v.greeting ?? '',
    });
    onSaved(saved);
    onClose();
  };
  return (
    <Modal
      title={editing ? t.editConfig : t.newConfig}
      open={config !== null}
      okText={t.save}
      cancelText={dialogLabels.cancel}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: editing?.name ?? '',
          avatar_id: editing?.avatar_id,
          voice_id: editing?.voice_id,
          source: editing?.source ?? LIVE_SOURCES.qa,
          persona: editing?.persona ?? '',
          greeting: editing?.greeting ?? '',
        }}
      >
        <Form.Item
          label={t.configName}
          name="name"
          rules={[{ required: true, whitespace: true, message: m.nameEmpty }]}
        >
          <Input maxLength={64} placeholder={t.configNamePlaceholder} />
        </Form.Item>
        <Form.Item label={t.avatar} name="avatar_id" rules={[{ required: true, message: t.pickAvatar }]}>
          <Select
            placeholder={t.pickAvatar}
            options={avatars}
            showSearch={{ optionFilterProp: 'name' }}
            optionLabelProp="label"
          />
        </Form.Item>
        <Form.Item label={t.voice} name="voice_id" rules={[{ required: true, message: t.pickVoice }]}>
          <Select placeholder={t.pickVoice} options={voices} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          label={t.answerSource}
          name="source"
          extra={
            !chatReady
              ? t.chatNotReady
              : source === LIVE_SOURCES.chat && options
                ? t.chatPrice(options.chat_price_per_answer)
                : undefined
          }
        >
          <Radio.Group
            options={[
              { value: LIVE_SOURCES.qa, label: t.sourceQa },
              { value: LIVE_SOURCES.chat, label: t.sourceChat, disabled: !chatReady },
            ]}
          />
        </Form.Item>
        <Form.Item label={t.persona} name="persona">
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t.personaPlaceholder} />
        </Form.Item>
        <Form.Item label={t.greeting} name="greeting">
          <Input maxLength={200} placeholder={t.greetingPlaceholder} />
        </Form.Item>
        {source === LIVE_SOURCES.qa ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.libraryIntro}
          </Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
