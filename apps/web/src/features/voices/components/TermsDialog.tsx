import { App, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { voiceMessages } from '@app/contract';
import { cloneMessages } from '../messages';

/** First step of cloning: the terms, which must be agreed to go on. */
export function TermsDialog({ open, onCancel, onAgree }: { open: boolean; onCancel: () => void; onAgree: () => void }) {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  return (
    <Modal
      title={cloneMessages.termsTitle}
      open={open}
      okText={cloneMessages.next}
      cancelText={cloneMessages.cancel}
      onCancel={onCancel}
      onOk={() => (agreed ? onAgree() : void message.error(voiceMessages.termsRequired))}
      destroyOnHidden
    >
      <Typography.Paragraph>{cloneMessages.terms}</Typography.Paragraph>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
        {cloneMessages.termsAgree}
        <Typography.Link href="#/protocol?type=clone" target="_blank">
          {cloneMessages.termsLink}
        </Typography.Link>
      </Checkbox>
    </Modal>
  );
}
