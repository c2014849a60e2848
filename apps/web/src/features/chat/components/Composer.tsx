import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { chatMessages, type ChatModelKey, type ChatPrice } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useDraft } from '../../../lib/use-draft';
import { chatLabels as t } from '../messages';

/** Draft name of the unsent question (lib/use-draft); asking empties the box and so the draft. */
const CHAT_DRAFT = 'chat-question';

/** The question box with the deep-thinking (r1) switch; disabled while an answer is on its way or chat is not open. */
export function Composer({
  busy,
  closed = false,
  onAsk,
  prices,
}: {
  busy: boolean;
  /** The tool is not open here (its notice says why): nothing can be asked. */
  closed?: boolean;
  onAsk: (content: string, model: ChatModelKey) => Promise<boolean>;
  /** The operator's price of a question per model (the shipped price until loaded). */
  prices?: ChatPrice[];
}) {
  const [text, setText] = useState('');
  const [deep, setDeep] = useState(false);
  useDraft(CHAT_DRAFT, text, setText);
  const price = prices?.find((p) => p.model === (deep ? 'r1' : 'v3'))?.credits;
  const submit = async () => {
    if (busy || closed) return;
    if (!text.trim()) {
      feedback.warning(chatMessages.contentRequired);
      return;
    }
    if (await onAsk(text.trim(), deep ? 'r1' : 'v3')) setText('');
  };
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        value={text}
        disabled={busy || closed}
        onChange={(e) => setText(e.target.value)}
        placeholder={t.placeholder}
        aria-label={t.placeholder}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={4000}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="center" gap={8}>
          <Switch checked={deep} onChange={setDeep} aria-label={t.deepThink} size="small" disabled={closed} />
          <Typography.Text>{t.deepThink}</Typography.Text>
        </Flex>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.costHint(price)}
          </Typography.Text>
          <Button type="primary" icon={<SendOutlined />} loading={busy} disabled={closed} onClick={() => void submit()}>
            {t.send}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
