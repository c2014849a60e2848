import { Button, Flex, Form, Modal, Slider, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { SLIDERS, type Voice } from '@app/contract';
import { useVoiceChannels } from '../../../entities/voices';
import { useAudition } from '../api/audition';
import { useEditVoice } from '../api/voice-mutations';
import { cloneMessages } from '../messages';

type Key = keyof typeof SLIDERS;
const KEYS: Key[] = ['rate', 'volume', 'pitch'];

/** Speed, volume and pitch of a voice, with a trial sentence; what the channel does not take is disabled. */
export function SlidersDialog({ voice, onClose }: { voice: Voice | null; onClose: () => void }) {
  // Keyed by voice, so the sliders start from that voice's saved values.
  return <SlidersForm key={voice?.id ?? 0} voice={voice} onClose={onClose} />;
}

function SlidersForm({ voice, onClose }: { voice: Voice | null; onClose: () => void }) {
  const channels = useVoiceChannels();
  const edit = useEditVoice();
  const audition = useAudition();
  const [values, setValues] = useState({
    rate: voice?.rate ?? 1,
    volume: voice?.volume ?? 1,
    pitch: voice?.pitch ?? 1,
  });
  const supports = channels.data?.list.find((c) => c.api === voice?.api)?.supports;

  const save = (next: typeof values, close: boolean) => {
    if (!voice) return;
    edit
      .mutateAsync({ voice_id: voice.id, ...next })
      .then(() => close && onClose())
      .catch(() => undefined);
  };

  return (
    <Modal
      title={cloneMessages.editTitle}
      open={!!voice}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button
            onClick={() => {
              // Reset sends 1, 1, 1 (spec 000 §7).
              setValues({ rate: 1, volume: 1, pitch: 1 });
              save({ rate: 1, volume: 1, pitch: 1 }, false);
            }}
          >
            {cloneMessages.reset}
          </Button>
          <Button type="primary" loading={edit.isPending} onClick={() => save(values, true)}>
            {cloneMessages.save}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        {KEYS.map((k) => (
          <Form.Item key={k} label={`${cloneMessages[k]}（${values[k].toFixed(1)}）`}>
            <Tooltip title={supports && !supports[k] ? cloneMessages.unsupported : ''}>
              <Slider
                ariaLabelForHandle={cloneMessages[k]}
                min={SLIDERS[k].min}
                max={SLIDERS[k].max}
                step={SLIDERS[k].step}
                value={values[k]}
                disabled={!!supports && !supports[k]}
                onChange={(v) => setValues((s) => ({ ...s, [k]: v }))}
              />
            </Tooltip>
          </Form.Item>
        ))}
      </Form>
      <Flex vertical gap={8}>
        <Button
          loading={audition.running}
          onClick={() => voice && audition.start({ voice_id: voice.id, text: cloneMessages.auditionText, ...values })}
        >
          {cloneMessages.audition}
        </Button>
        {audition.url && (
          <audio data-testid="audition-player" src={audition.url} controls autoPlay style={{ width: '100%' }} />
        )}
      </Flex>
    </Modal>
  );
}
