import { Col, Form, Row, Slider } from 'antd';
import { SLIDERS } from '@app/contract';
import { scriptBoxText as t } from './messages';

export type SliderKey = keyof typeof SLIDERS;
export type SliderValues = Record<SliderKey, number>;
const labels: Record<SliderKey, string> = { rate: t.rate, volume: t.volume, pitch: t.pitch };

/** Speed, volume and pitch (spec 001 §5 ranges); each disabled where the voice's channel does not take it. */
export function SpeechSliders({
  value,
  onChange,
  supports,
  span = 8,
}: {
  value: SliderValues;
  onChange: (next: Partial<SliderValues>) => void;
  supports: Record<SliderKey, boolean>;
  span?: number;
}) {
  return (
    <Row gutter={16}>
      {(Object.keys(SLIDERS) as SliderKey[]).map((key) => (
        <Col key={key} span={span}>
          <Form.Item label={`${labels[key]} ${value[key].toFixed(1)}`} style={{ marginBottom: 8 }}>
            <Slider
              {...SLIDERS[key]}
              aria-label={labels[key]}
              value={value[key]}
              disabled={!supports[key]}
              onChange={(v: number) => onChange({ [key]: v })}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
