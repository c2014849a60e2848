import { App, Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { voiceMessages, type Voice } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { VoiceTile, type PreviewState } from '../../../components/voice-picker';
import { isCloning, isFailed } from '../../../entities/voices';
import { useConfirmVoice, useDeleteVoice } from '../api/voice-mutations';
import { cloneMessages } from '../messages';

export interface VoiceCardActions {
  onRename: (v: Voice) => void;
  onEdit: (v: Voice) => void;
  onRetrain: (v: Voice) => void;
}

/** An own voice: state (克隆中 / 克隆失败 / ready), preview and the actions the spec allows in that state. */
export function VoiceCard({
  voice,
  state,
  onToggle,
  actions,
}: {
  voice: Voice;
  state: PreviewState;
  onToggle: () => void;
  actions: VoiceCardActions;
}) {
  const { message } = App.useApp();
  const confirm = useConfirmVoice();
  const remove = useDeleteVoice();
  const confirmDeletion = useConfirmDelete();
  const cloning = isCloning(voice);
  const failed = isFailed(voice);
  const ready = !cloning && !failed;
  const locked = voice.is_confirmed === 1;
  const detail = `${voice.voice_channel_name} · ${locked ? cloneMessages.confirmed : cloneMessages.remained(voice.remained_times)}`;
  const editTuning = () =>
    voice.api === 'xf' ? void message.warning(voiceMessages.xfEditRefused) : actions.onEdit(voice);

  const buttons = (
    <Space size={0} wrap>
      {voice.type !== 11 && (
        <Button size="small" type="link" onClick={() => actions.onRename(voice)}>
          {cloneMessages.rename}
        </Button>
      )}
      {ready && !locked && (
        <Button size="small" type="link" onClick={editTuning}>
          {cloneMessages.edit}
        </Button>
      )}
      {!cloning && !locked && voice.remained_times > 0 && (
        <Button size="small" type="link" onClick={() => actions.onRetrain(voice)}>
          {cloneMessages.retrain}
        </Button>
      )}
      {ready && !locked && (
        <Popconfirm
          title={cloneMessages.confirmTitle}
          okText={cloneMessages.ok}
          cancelText={cloneMessages.cancel}
          onConfirm={() => void confirm.mutateAsync(voice.id).catch(() => undefined)}
          onCancel={() => void message.info(voiceMessages.confirmCancelled)}
        >
          <Button size="small" type="link">
            {cloneMessages.confirm}
          </Button>
        </Popconfirm>
      )}
      {!cloning && voice.remained_times === 0 && (
        <Button
          size="small"
          type="link"
          danger
          onClick={() =>
            confirmDeletion({ title: cloneMessages.deleteTitle, onDelete: () => remove.mutateAsync(voice.id) })
          }
        >
          {cloneMessages.delete}
        </Button>
      )}
    </Space>
  );

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <VoiceTile
        name={voice.name}
        detail={detail}
        state={state}
        status={cloning ? 'cloning' : failed ? 'failed' : undefined}
        onToggle={ready && voice.url ? onToggle : undefined}
        extra={
          failed && voice.fail_reason ? (
            <Tooltip title={voice.fail_reason}>
              <Tag>?</Tag>
            </Tooltip>
          ) : undefined
        }
      />
      {buttons}
    </Space>
  );
}
