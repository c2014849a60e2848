import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { analyseMessages, findShareLink, SHARE_TEXT_MAX } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { toolsLabels } from '../messages';

/** The share-link box: a whole share text may be pasted, the link in it is what counts. */
export function LinkForm({
  action,
  busy,
  onSubmit,
}: {
  action: string;
  busy: boolean;
  onSubmit: (pasted: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const submit = () => {
    if (!text.trim()) return feedback.error(analyseMessages.linkRequired);
    if (!findShareLink(text)) return feedback.error(analyseMessages.linkNotFound);
    onSubmit(text).then(
      () => setText(''),
      () => undefined,
    );
  };
  return (
    <Flex gap={12} align="flex-start" wrap>
      <Input.TextArea
        aria-label={toolsLabels.linkLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={toolsLabels.linkPlaceholder}
        maxLength={SHARE_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        style={{ flex: '1 1 320px' }}
      />
      <Button type="primary" size="large" loading={busy} onClick={submit}>
        {action}
      </Button>
    </Flex>
  );
}
