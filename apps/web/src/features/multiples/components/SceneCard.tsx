import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Image, Segmented, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import type { VoiceChannel } from '@app/contract';
import {
  insertAt,
  MarkedScriptBox,
  PauseButtons,
  pauseChip,
  SpeechSliders,
  toShown,
  toStored,
} from '../../../components/script-box';
import type { Scene } from '../lib/scenes';
import { multiplesText as t } from '../messages';
import { SceneUploads } from './SceneUploads';
import { TrialListen } from './TrialListen';

const allSliders = { rate: true, volume: true, pitch: true, pause: true };

export interface SceneCardProps {
  index: number;
  scene: Scene;
  channels: VoiceChannel[];
  showAvatar: boolean;
  onChange: (next: Partial<Scene>) => void;
  onRemove?: () => void;
  onPickAvatar: () => void;
  onPickVoice: () => void;
}

/** One numbered scene: avatar cover, text (with pauses and trial listen) or audio, and its voice panel. */
export function SceneCard({
  index,
  scene,
  channels,
  showAvatar,
  onChange,
  onRemove,
  onPickAvatar,
  onPickVoice,
}: SceneCardProps) {
  const box = useRef<TextAreaRef>(null);
  const supports = channels.find((c) => c.api === scene.voice?.api)?.supports ?? allSliders;
  const shown = toShown(scene.text);
  const insertPause = (seconds: number) => {
    const area = box.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? shown.length;
    const next = insertAt(shown, pauseChip(seconds), start, area?.selectionEnd ?? start);
    onChange({ text: toStored(next.text) });
  };
  return (
    <Card
      size="small"
      aria-label={t.scene(index + 1)}
      title={
        <Space>
          <Typography.Text strong>{t.scene(index + 1)}</Typography.Text>
          <Segmented<Scene['type']>
            size="small"
            value={scene.type}
            onChange={(type) => onChange({ type })}
            options={[
              { label: t.textContent, value: 'text' },
              { label: t.audioContent, value: 'audio' },
            ]}
          />
        </Space>
      }
      extra={
        onRemove && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t.deleteScene}
            onClick={onRemove}
          />
        )
      }
    >
      <Flex gap={16} wrap>
        {showAvatar && (
          <Flex vertical align="center" gap={4} style={{ width: 120 }}>
            {scene.avatar ? (
              <Image
                src={scene.avatar.cover}
                alt={scene.avatar.name}
                width={108}
                height={144}
                style={{ objectFit: 'contain' }}
                preview={false}
              />
            ) : (
              <Flex
                align="center"
                justify="center"
                style={{ width: 108, height: 144, border: '1px dashed #888', borderRadius: 6 }}
              >
                <Typography.Text type="secondary">{t.noAvatar}</Typography.Text>
              </Flex>
            )}
            <Typography.Text ellipsis style={{ maxWidth: 108 }}>
              {scene.avatar?.name ?? ''}
            </Typography.Text>
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={onPickAvatar}
              aria-label={`${t.scene(index + 1)}${t.avatar}${t.changeAvatar}`}
            >
              {t.changeAvatar}
            </Button>
          </Flex>
        )}
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 260 }}>
          {scene.type === 'text' ? (
            <>
              <MarkedScriptBox
                ref={box}
                label={`${t.scene(index + 1)}${t.scriptLabel}`}
                placeholder={t.scriptPlaceholder}
                value={shown}
                onChange={(next) => onChange({ text: toStored(next) })}
              />
              <Flex justify="space-between" wrap gap={8}>
                {supports.pause ? <PauseButtons onPick={insertPause} /> : <span />}
                <TrialListen scene={scene} />
              </Flex>
            </>
          ) : (
            <SceneUploads scene={scene} onChange={onChange} label={t.scene(index + 1)} />
          )}
          <Flex align="center" gap={8} wrap>
            <Typography.Text type="secondary">{t.voice}</Typography.Text>
            <Typography.Text strong>{scene.voice?.name ?? t.noVoice}</Typography.Text>
            {scene.voice && <Typography.Text type="secondary">{t.version(scene.voice.version_name)}</Typography.Text>}
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={onPickVoice}
              aria-label={`${t.scene(index + 1)}${t.voice}${t.changeVoice}`}
            >
              {t.changeVoice}
            </Button>
          </Flex>
          {scene.type === 'text' && (
            <Form layout="vertical" size="small">
              <SpeechSliders value={scene} onChange={onChange} supports={supports} />
            </Form>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
