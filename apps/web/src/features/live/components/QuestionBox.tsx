import { SendOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { liveSessionMessages as m } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { liveLabels as t } from '../messages';

/** The question box: Enter or 发送 asks (interrupting the answer being spoken); blank questions are refused. */
export function QuestionBox({ disabled, onAsk }: { disabled: boolean; onAsk: (question: string) => void }) {
  const [value, setValue] = useState('');
  const send = () => {
    const q = value.trim();
    if (!q) return feedback.error(m.questionEmpty);
    onAsk(q);
    setValue('');
  };
  return (
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
}
