import { Col, Empty, Row, Spin } from 'antd';
import { useVoicePreview, VoiceTile } from '../../../components/voice-picker';
import { useVoiceList } from '../../../entities/voices';
import { homeMessages as m } from '../messages';

/**
 * Public voices with a play/pause preview: one at a time, state 1 idle / 3 playing, back to idle at
 * the end (spec 000 §4). Leaving the tab unmounts it, which stops the preview.
 */
export function PublicVoicesTab({ active }: { active: boolean }) {
  const voices = useVoiceList(2, '', active);
  const preview = useVoicePreview();

  if (voices.isPending) return <Spin style={{ padding: 48 }} />;
  const list = voices.data?.list ?? [];
  if (list.length === 0) return <Empty description={m.noVoices} />;
  return (
    <Row gutter={[16, 16]}>
      {list.map((voice) => (
        <Col key={voice.id} xs={24} sm={12} md={8} xl={6}>
          <VoiceTile
            name={voice.name}
            detail={[voice.voice_channel_name, voice.version_name].filter(Boolean).join(' · ')}
            state={preview.stateOf(voice.id)}
            onToggle={voice.url ? () => preview.toggle(voice.id, voice.url) : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}
