import { App, Empty, List, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { voiceMessages, type Voice } from '@app/contract';
import { voicePickerMessages } from './messages';
import { isCloning, isFailed, useVoiceList } from './voice-queries';
import { useVoicePreview } from './use-voice-preview';
import { VoiceTile } from './VoiceTile';

/** An audio of the material library, offered as a voice source. */
export interface MaterialAudio {
  id: number;
  name: string;
  url: string;
}

/** Studio voice tabs (spec 001 §2): mine 1, public 0, material library 2. */
export type VoicePickerTab = '1' | '0' | '2';

export interface VoicePickerProps {
  value?: number | null;
  onChange: (voice: Voice) => void;
  /** Audio of the material library; the studio fetches and passes them. */
  materials?: MaterialAudio[];
  materialValue?: number | null;
  onMaterialChange?: (item: MaterialAudio) => void;
  defaultTab?: VoicePickerTab;
}

const GRID = { gutter: 12, xs: 1, sm: 2, md: 3, lg: 3, xl: 4, xxl: 4 };

/** Picks a voice for the studio; hovering a voice previews it; cloning and failed voices are refused with the spec's messages. */
export function VoicePicker({
  value,
  onChange,
  materials,
  materialValue,
  onMaterialChange,
  defaultTab = '1',
}: VoicePickerProps) {
  const { message } = App.useApp();
  const [tab, setTab] = useState<VoicePickerTab>(defaultTab);
  const mine = useVoiceList(1, '', tab === '1');
  const publicVoices = useVoiceList(2, '', tab === '0');
  const preview = useVoicePreview();

  const pick = (voice: Voice) => {
    if (isCloning(voice)) return void message.warning(voiceMessages.cloning);
    if (isFailed(voice)) return void message.error(voiceMessages.cloneFailed);
    onChange(voice);
  };

  const voiceGrid = (query: typeof mine) => (
    <Spin spinning={query.isLoading}>
      <List
        grid={GRID}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: <Empty description={voicePickerMessages.empty} /> }}
        renderItem={(v) => (
          <List.Item>
            <VoiceTile
              name={v.name}
              detail={v.voice_channel_name}
              state={preview.stateOf(v.id)}
              status={isCloning(v) ? 'cloning' : isFailed(v) ? 'failed' : undefined}
              selected={value === v.id}
              onPick={() => pick(v)}
              onToggle={v.url ? () => preview.toggle(v.id, v.url) : undefined}
              onHover={(inside) =>
                inside && v.url ? preview.stateOf(v.id) === 1 && preview.toggle(v.id, v.url) : preview.stop()
              }
            />
          </List.Item>
        )}
      />
    </Spin>
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        preview.stop();
        setTab(key as VoicePickerTab);
      }}
      items={[
        { key: '1', label: voicePickerMessages.mine, children: voiceGrid(mine) },
        { key: '0', label: voicePickerMessages.public, children: voiceGrid(publicVoices) },
        {
          key: '2',
          label: voicePickerMessages.material,
          children: (
            <List
              grid={GRID}
              dataSource={materials ?? []}
              locale={{ emptyText: <Empty description={voicePickerMessages.emptyMaterial} /> }}
              renderItem={(m) => (
                <List.Item>
                  <VoiceTile
                    name={m.name}
                    state={preview.stateOf(-m.id)}
                    selected={materialValue === m.id}
                    onPick={() => onMaterialChange?.(m)}
                    onToggle={() => preview.toggle(-m.id, m.url)}
                    onHover={(inside) =>
                      inside ? preview.stateOf(-m.id) === 1 && preview.toggle(-m.id, m.url) : preview.stop()
                    }
                  />
                </List.Item>
              )}
            />
          ),
        },
      ]}
    />
  );
}
