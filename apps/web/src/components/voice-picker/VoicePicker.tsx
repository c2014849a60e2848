import { App, Empty, List, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { voiceMessages, type MaterialItem, type Voice } from '@app/contract';
import { voicePickerMessages } from './messages';
import { useMaterials } from '../../entities/materials';
import { isCloning, isFailed, useVoiceList } from '../../entities/voices';
import { useVoicePreview } from './use-voice-preview';
import { VoiceTile } from './VoiceTile';

/** Studio voice tabs (spec 001 §2): mine 1, public 0, material library 2. */
export type VoicePickerTab = '1' | '0' | '2';

export interface VoicePickerProps {
  /** The chosen voice's id. */
  value?: number | null;
  onChange: (voice: Voice) => void;
  /** The file id of the chosen material audio. */
  materialValue?: number | null;
  /** Picking an audio of the material library; without it the material tab is not offered. */
  onMaterialChange?: (item: MaterialItem) => void;
  /** Controlled tab; uncontrolled (starting at defaultTab) when omitted. */
  tab?: VoicePickerTab;
  onTabChange?: (tab: VoicePickerTab) => void;
  defaultTab?: VoicePickerTab;
  /** The lists scroll past this height. */
  maxHeight?: number;
}

const GRID = { gutter: 8, xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 3 };

/** A voice that cannot be chosen yet, in the spec's words (001 §8); null when it can. */
export function voiceRefusal(voice: Voice): string | null {
  if (isCloning(voice)) return voiceMessages.cloning;
  if (isFailed(voice)) return voiceMessages.cloneFailed;
  return null;
}

const seconds = (s: number) => `${Math.round(s)}秒`;

/**
 * Picks a voice for the studio: own voices, public voices and the audio of the material library.
 * Hovering a voice previews it (1 idle, 3 playing; idle again at the end or on leaving); cloning
 * and failed voices are refused with the spec's messages.
 */
export function VoicePicker({
  value,
  onChange,
  materialValue,
  onMaterialChange,
  tab: controlledTab,
  onTabChange,
  defaultTab = '1',
  maxHeight = 300,
}: VoicePickerProps) {
  const { message } = App.useApp();
  const [ownTab, setOwnTab] = useState<VoicePickerTab>(defaultTab);
  const tab = controlledTab ?? ownTab;
  const mine = useVoiceList(1, '', tab === '1');
  const publicVoices = useVoiceList(2, '', tab === '0');
  const materials = useMaterials('audio', tab === '2' && !!onMaterialChange);
  const preview = useVoicePreview();

  // Someone with no voice of their own starts on the public voices (once: going back to 我的声音 stays there).
  const setTab = (key: VoicePickerTab) => {
    setOwnTab(key);
    onTabChange?.(key);
  };
  const openedOnPublic = useRef(false);
  const hasNoVoice = tab === '1' && mine.isSuccess && (mine.data?.list.length ?? 0) === 0;
  useEffect(() => {
    if (!hasNoVoice || openedOnPublic.current) return;
    openedOnPublic.current = true;
    setTab('0');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the own list is first known to be empty
  }, [hasNoVoice]);

  const pick = (voice: Voice) => {
    if (isCloning(voice)) return void message.warning(voiceMessages.cloning);
    if (isFailed(voice)) return void message.error(voiceMessages.cloneFailed);
    onChange(voice);
  };
  /** Hover starts the preview of what is under the pointer; leaving stops it. */
  const hover = (id: number, url: string) => (inside: boolean) => {
    if (!inside) preview.stop();
    else if (url && preview.stateOf(id) === 1) preview.toggle(id, url);
  };
  const scroll = { maxHeight, overflowY: 'auto' as const, overflowX: 'hidden' as const, padding: 2 };

  const voiceGrid = (query: typeof mine) => (
    <Spin spinning={query.isLoading}>
      <div style={scroll}>
        <List
          grid={GRID}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={voicePickerMessages.empty} /> }}
          renderItem={(v) => (
            <List.Item style={{ marginBottom: 8 }}>
              <VoiceTile
                name={v.name}
                detail={voiceRefusal(v) ?? [v.voice_channel_name, v.version_name].filter(Boolean).join(' · ')}
                state={preview.stateOf(v.id)}
                status={isCloning(v) ? 'cloning' : isFailed(v) ? 'failed' : undefined}
                selected={value === v.id}
                onPick={() => pick(v)}
                onToggle={v.url ? () => preview.toggle(v.id, v.url) : undefined}
                onHover={hover(v.id, v.url)}
              />
            </List.Item>
          )}
        />
      </div>
    </Spin>
  );

  // Material audios share the preview with voices under negative ids, so the two never collide.
  const materialGrid = (
    <Spin spinning={materials.isLoading}>
      <div style={scroll}>
        <List
          grid={GRID}
          dataSource={materials.data?.list ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={voicePickerMessages.emptyMaterial} />,
          }}
          renderItem={(m) => (
            <List.Item style={{ marginBottom: 8 }}>
              <VoiceTile
                name={m.name}
                detail={`${voicePickerMessages.materialAudio} · ${seconds(m.duration)}`}
                state={preview.stateOf(-m.id)}
                selected={materialValue === m.file_id}
                onPick={() => onMaterialChange?.(m)}
                onToggle={m.url ? () => preview.toggle(-m.id, m.url) : undefined}
                onHover={hover(-m.id, m.url)}
              />
            </List.Item>
          )}
        />
      </div>
    </Spin>
  );

  return (
    <Tabs
      activeKey={tab}
      size="small"
      onChange={(key) => {
        preview.stop();
        openedOnPublic.current = true;
        setTab(key as VoicePickerTab);
      }}
      items={[
        { key: '1', label: voicePickerMessages.mine, children: voiceGrid(mine) },
        { key: '0', label: voicePickerMessages.public, children: voiceGrid(publicVoices) },
        ...(onMaterialChange ? [{ key: '2', label: voicePickerMessages.material, children: materialGrid }] : []),
      ]}
    />
  );
}
