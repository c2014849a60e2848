import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, List, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { voiceMessages, type Voice, type VoiceChannel } from '@app/contract';
import { NameDialog } from '../../../components/dialogs';
import { useVoicePreview, VoiceTile } from '../../../components/voice-picker';
import { useVoiceChannels, useVoiceList } from '../../../entities/voices';
import { useSaveVoice } from '../api/voice-mutations';
import { ChannelDialog } from '../components/ChannelDialog';
import { CreateVoiceDialog } from '../components/CreateVoiceDialog';
import { SlidersDialog } from '../components/SlidersDialog';
import { TermsDialog } from '../components/TermsDialog';
import { VoiceCard } from '../components/VoiceCard';
import { cloneMessages } from '../messages';
import { useThrottled } from '../use-throttled';

type Step = 'terms' | 'channel' | 'create' | null;
const GRID = { gutter: 16, xs: 1, sm: 2, md: 2, lg: 3, xl: 4, xxl: 4 };

/** /clone: public and own voices; cloning goes terms → channel → name and recording. `?id=2` opens the public tab. */
export default function ClonePage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('id') === '2' ? '2' : '1';
  const [name, setName] = useState('');
  const mine = useVoiceList(1, tab === '1' ? name : '');
  const publicVoices = useVoiceList(2, tab === '2' ? name : '', tab === '2');
  const channels = useVoiceChannels();
  const preview = useVoicePreview();
  const [step, setStep] = useState<Step>(null);
  const [channel, setChannel] = useState<VoiceChannel | null>(null);
  const [retrain, setRetrain] = useState<Voice | null>(null);
  const [renaming, setRenaming] = useState<Voice | null>(null);
  const rename = useSaveVoice();
  const [editing, setEditing] = useState<Voice | null>(null);
  const startClone = useThrottled(() => setStep('terms'));

  const retrainTips = retrain ? channels.data?.list.find((c) => c.api === retrain.api)?.upload_tips : undefined;
  const mineGrid = (
    <List
      grid={GRID}
      dataSource={mine.data?.list ?? []}
      locale={{ emptyText: <Empty description={cloneMessages.empty} /> }}
      renderItem={(v) => (
        <List.Item>
          <VoiceCard
            voice={v}
            state={preview.stateOf(v.id)}
            onToggle={() => preview.toggle(v.id, v.url)}
            actions={{
              onRename: setRenaming,
              onEdit: setEditing,
              onRetrain: (voice) => (setRetrain(voice), setStep('create')),
            }}
          />
        </List.Item>
      )}
    />
  );
  const publicGrid = (
    <List
      grid={GRID}
      dataSource={publicVoices.data?.list ?? []}
      renderItem={(v) => (
        <List.Item>
          <VoiceTile
            name={v.name}
            detail={v.voice_channel_name}
            state={preview.stateOf(v.id)}
            onToggle={() => preview.toggle(v.id, v.url)}
          />
        </List.Item>
      )}
    />
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {cloneMessages.navLabel}
          <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
            {cloneMessages.count(mine.data?.total ?? 0)}
          </Typography.Text>
        </Typography.Title>
        <Flex gap={12}>
          <Input.Search
            placeholder={cloneMessages.search}
            allowClear
            onSearch={(v) => setName(v.trim())}
            style={{ width: 240 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={startClone}>
            {cloneMessages.add}
          </Button>
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          preview.stop();
          setSearch({ id: key });
        }}
        items={[
          {
            key: '2',
            label: cloneMessages.publicTab,
            children: <Spin spinning={publicVoices.isLoading}>{publicGrid}</Spin>,
          },
          { key: '1', label: cloneMessages.mineTab, children: <Spin spinning={mine.isLoading}>{mineGrid}</Spin> },
        ]}
      />
      <TermsDialog open={step === 'terms'} onCancel={() => setStep(null)} onAgree={() => setStep('channel')} />
      <ChannelDialog
        open={step === 'channel'}
        onCancel={() => setStep(null)}
        onPick={(c) => (setChannel(c), setRetrain(null), setStep('create'))}
      />
      <CreateVoiceDialog
        open={step === 'create'}
        channel={channel}
        voice={retrain}
        uploadTips={retrainTips}
        onClose={() => {
          setStep(null);
          setRetrain(null);
          setSearch({ id: '1' });
        }}
      />
      <NameDialog
        open={!!renaming}
        title={cloneMessages.renameTitle}
        initialName={renaming?.name ?? ''}
        label={cloneMessages.name}
        okText={cloneMessages.save}
        requiredMessage={voiceMessages.renameRequired}
        saving={rename.isPending}
        onSave={(name) => (renaming ? rename.mutateAsync({ id: renaming.id, name }) : Promise.resolve())}
        onClose={() => setRenaming(null)}
      />
      <SlidersDialog voice={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
