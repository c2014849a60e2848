import { CheckCircleFilled, PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { voicePickerMessages } from './messages';
import type { PreviewState } from './use-voice-preview';

interface VoiceTileProps {
  name: string;
  detail?: string;
  state: PreviewState;
  onToggle?: () => void;
  onPick?: () => void;
  selected?: boolean;
  status?: 'cloning' | 'failed';
  extra?: ReactNode;
  onHover?: (inside: boolean) => void;
}

/** One voice in a list: name, channel, status, and a play/pause button whose state follows the preview (1 idle, 3 playing). */
export function VoiceTile({ name, detail, state, onToggle, onPick, selected, status, extra, onHover }: VoiceTileProps) {
  return (
    <Card
      size="small"
      hoverable={!!onPick}
      onClick={onPick}
      onMouseEnter={() => onHover?.(true)}
      onMouseLeave={() => onHover?.(false)}
      style={selected ? { borderColor: 'var(--ant-color-primary)' } : undefined}
      styles={{ body: { padding: '6px 10px' } }}
      data-preview-state={state}
      aria-label={name}
      role={onPick ? 'radio' : undefined}
      aria-checked={onPick ? !!selected : undefined}
    >
      <Flex align="center" gap={8}>
        {onToggle && (
          <Button
            type="text"
            shape="circle"
            aria-label={`${state === 3 ? voicePickerMessages.pause : voicePickerMessages.play} ${name}`}
            aria-pressed={state === 3}
            icon={
              state === 3 ? (
                <PauseCircleFilled style={{ fontSize: 22 }} />
              ) : (
                <PlayCircleFilled style={{ fontSize: 22 }} />
              )
            }
            onClick={(e) => {
              e.stopPropagation();
              onToggle();
            }}
          />
        )}
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis>
            {name}
          </Typography.Text>
          {detail && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {detail}
            </Typography.Text>
          )}
        </Flex>
        {status === 'cloning' && <Tag color="processing">{voicePickerMessages.cloning}</Tag>}
        {status === 'failed' && <Tag color="error">{voicePickerMessages.failed}</Tag>}
        {selected && (
          <CheckCircleFilled style={{ color: 'var(--ant-color-primary)' }} aria-label={voicePickerMessages.selected} />
        )}
        {extra}
      </Flex>
    </Card>
  );
}
