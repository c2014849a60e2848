import { Checkbox, Modal } from 'antd';
import { useState } from 'react';
import type { Voice } from '@app/contract';
import { VoicePicker, voiceRefusal } from '../../../components/voice-picker';
import { feedback } from '../../../lib/feedback';
import { multiplesText as t } from '../messages';

/** The voice picker (public / mine) with "all scenes use": the chosen voice then drives every scene. */
export function VoicePickerDialog(props: {
  open: boolean;
  value: number | null;
  onClose: () => void;
  onChoose: (voice: Voice, allScenes: boolean) => void;
}) {
  const [picked, setPicked] = useState<Voice | null>(null);
  const [allScenes, setAllScenes] = useState(false);
  const close = () => {
    setPicked(null);
    setAllScenes(false);
    props.onClose();
  };
  const confirm = () => {
    if (!picked) {
      if (allScenes) feedback.warning(t.allScenesVoice);
      else close();
      return;
    }
    props.onChoose(picked, allScenes);
    close();
  };
  return (
    <Modal
      title={t.voiceDialog}
      open={props.open}
      width={760}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <Checkbox
            checked={allScenes}
            onChange={(e) => setAllScenes(e.target.checked)}
            style={{ marginRight: 'auto', float: 'left' }}
          >
            {t.allScenes}
          </Checkbox>
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <VoicePicker
        defaultTab="0"
        value={picked?.id ?? props.value}
        onChange={(v) => {
          if (!voiceRefusal(v)) setPicked(v);
        }}
        maxHeight={420}
      />
    </Modal>
  );
}
