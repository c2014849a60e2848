import { EditOutlined, FieldTimeOutlined, HighlightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popover, Space, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { voiceMessages } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { usePolishText } from '../api/polish-text';
import { useTextModel } from '../hooks/use-text-model';
import { useVoiceChannel } from '../hooks/use-voice-channel';
import {
  insertAt,
  MarkedScriptBox,
  PauseButtons,
  pauseChip,
  scriptLength,
  scriptMax,
  toShown,
  toStored,
} from '../../../components/script-box';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';
import { AiWriteDialog } from './AiWriteDialog';
import { AuditionButton } from './AuditionButton';

/** Script box with its counter (tags not counted), pause insertion, polish, AI writing, tone marks and audition. */
export function ScriptEditor() {
  const { modal, message } = App.useApp();
  const text = useStudioStore((s) => s.text);
  const setText = useStudioStore((s) => s.setText);
  const { channel, supports } = useVoiceChannel();
  const polish = usePolishText();
  const textModel = useTextModel();
  const box = useRef<TextAreaRef>(null);
  const [pauseOpen, setPauseOpen] = useState(false);
  const [writing, setWriting] = useState(false);
  const max = scriptMax(channel);
  const count = scriptLength(text);
  // The store keeps the spec's break tags; the box shows pauses as chips.
  const shown = toShown(text);

  const insertPause = (seconds: number) => {
    const area = box.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? shown.length;
    const end = area?.selectionEnd ?? start;
    const next = insertAt(shown, pauseChip(seconds), start, end);
    setText(toStored(next.text));
    setPauseOpen(false);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  /** Generated text replaces the script after a confirmation when there is one to lose. */
  const replaceScript = (content: string) => {
    if (!text.trim()) {
      setText(content);
      return;
    }
    modal.confirm({
      title: t.overwriteTitle,
      content: t.overwriteConfirm,
      okText: t.ok,
      cancelText: t.cancel,
      onOk: () => setText(content),
      onCancel: () => void message.info(t.cancelled),
    });
  };

  const rewrite = async (tone: boolean) => {
    if (!text.trim()) {
      feedback.warning(voiceMessages.textRequired);
      return;
    }
    const { content } = await polish.mutateAsync({ text, tone });
    replaceScript(content);
  };

  return (
    <Flex vertical gap={8}>
      <MarkedScriptBox
        ref={box}
        label={t.scriptLabel}
        placeholder={t.scriptPlaceholder}
        value={shown}
        onChange={(next) => setText(toStored(next))}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap size={4}>
          {supports.pause && (
            <Popover
              open={pauseOpen}
              onOpenChange={setPauseOpen}
              trigger="click"
              content={<PauseButtons onPick={insertPause} />}
            >
              <Button size="small" icon={<FieldTimeOutlined />}>
                {t.pause}
              </Button>
            </Popover>
          )}
          {!textModel.hidden && (
            <Tooltip title={textModel.reason}>
              <Button
                size="small"
                icon={<HighlightOutlined />}
                disabled={!textModel.available}
                loading={polish.isPending && !polish.variables.tone}
                onClick={() => void rewrite(false).catch(() => undefined)}
              >
                {t.polish}
              </Button>
            </Tooltip>
          )}
          {!textModel.hidden && (
            <Tooltip title={textModel.reason}>
              <Button
                size="small"
                icon={<ThunderboltOutlined />}
                disabled={!textModel.available}
                onClick={() => setWriting(true)}
              >
                {t.aiWrite}
              </Button>
            </Tooltip>
          )}
          <Button
            size="small"
            icon={<EditOutlined />}
            loading={polish.isPending && polish.variables.tone}
            onClick={() => void rewrite(true).catch(() => undefined)}
          >
            {t.toneMarks}
          </Button>
        </Space>
        <Space>
          <Typography.Text type={count > max ? 'danger' : 'secondary'} aria-label={t.counterLabel}>
            {t.counter(count, max)}
          </Typography.Text>
          <AuditionButton />
        </Space>
      </Flex>
      <AiWriteDialog open={writing} onClose={() => setWriting(false)} onWritten={replaceScript} />
    </Flex>
  );
}
