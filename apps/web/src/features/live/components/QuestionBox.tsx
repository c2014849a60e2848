import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space } from 'antd';
import { useState } from 'react';
import { liveSessionMessages as m } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { liveLabels as t } from '../messages';
import { MicButton } from './MicButton';

/**
 * The question box: Enter or 发送 asks (interrupting the answer being spoken); blank questions are refused.
 * When the site can hear speech, 按住说话 below it asks by voice.
 */
export function QuestionBox({
  disabled,
  onAsk,
  mic,
}: {
  disabled: boolean;
  onAsk: (question: string) => void;
  /** The running session to hear spoken questions in, when speech can be heard; null hides the button. */
  mic: { sessionId: string; onListen: () => void } | null;
}) {
  const [value, setValue] = useState('');
  const send = () => {
    const q = value.trim();
    if (!q) return feedback.error(m.questionEmpty);
    onAsk(q);
    setValue('');
  };
  const typed = (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        size="large"
        value={value}
        disabled={disabled}
        maxLength={500}
        placeholder={t.questionPlaceholder}
        aria-label={t.questionPlaceholder}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={(e) => {
          if (!e.nativeEvent.isComposing) send();
        }}
      />
      <Button size="large" type="primary" icon={<SendOutlined />} disabled={disabled} onClick={send}>
        {t.send}
      </Button>
    </Space.Compact>
  );
  if (!mic) return typed;
  return (
    <Flex vertical gap={8}>
      {typed}
      <MicButton sessionId={mic.sessionId} disabled={disabled} onHeard={onAsk} onListen={mic.onListen} />
    </Flex>
  );
}
