import { EditOutlined, FieldTimeOutlined, HighlightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Popover, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { pauseSeconds, voiceMessages } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { usePolishText } from '../api/polish-text';
import { useVoiceChannel } from '../hooks/use-voice-channel';
import { insertAt, pauseTag, scriptLength, scriptMax } from '../lib/script';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';
import { AiWriteDialog } from './AiWriteDialog';
import { AuditionButton } from './AuditionButton';

/** Script box with its counter (tags not counted), pause insertion, polish, AI writing, tone marks and audition. */
export function ScriptEditor() {
  const { modal, message } = App.useApp();
  const text = useStudioStore((s) => s.text);
  const setText = useStudioStore((s) => s.setText);
  const voice = useStudioStore((s) => s.voice);
  const { supports } = useVoiceChannel();
  const polish = usePolishText();
  const box = useRef<TextAreaRef>(null);
  const [pauseOpen, setPauseOpen] = useState(false);
  const [writing, setWriting] = useState(false);
  const max = scriptMax(voice?.api);
  const count = scriptLength(text);

  const insertPause = (seconds: number) => {
    const area = box.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? start;
    const next = insertAt(text, pauseTag(seconds), start, end);
    setText(next.text);
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
      <Input.TextArea
        ref={box}
        aria-label={t.scriptLabel}
        placeholder={t.scriptPlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 16 }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap size={4}>
          {supports.pause && (
            <Popover
              open={pauseOpen}
              onOpenChange={setPauseOpen}
              trigger="click"
              content={
                <Space>
                  {pauseSeconds.map((s) => (
                    <Button key={s} size="small" onClick={() => insertPause(s)}>
                      {t.pauseOption(s)}
                    </Button>
                  ))}
                </Space>
              }
            >
              <Button size="small" icon={<FieldTimeOutlined />}>
                {t.pause}
              </Button>
            </Popover>
          )}
          <Button
            size="small"
            icon={<HighlightOutlined />}
            loading={polish.isPending && !polish.variables.tone}
            onClick={() => void rewrite(false).catch(() => undefined)}
          >
            {t.polish}
          </Button>
          <Button size="small" icon={<ThunderboltOutlined />} onClick={() => setWriting(true)}>
            {t.aiWrite}
          </Button>
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
