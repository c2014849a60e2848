import { App, Col, Form, Row, Select, Slider } from 'antd';
import { emotions, SLIDERS } from '@app/contract';
import { useTranslateText } from '../api/translate-text';
import { useVoiceChannel } from '../hooks/use-voice-channel';
import { studioText as t } from '../messages';
import { useStudioStore, type SpeechSettings as Speech } from '../stores/studio-store';

type SliderKey = keyof typeof SLIDERS;
const sliderLabels: Record<SliderKey, string> = { rate: t.rate, volume: t.volume, pitch: t.pitch };

/** Speed, volume and pitch sliders and the language / emotion choices, as the voice's channel allows. */
export function SpeechSettings() {
  const { modal } = App.useApp();
  const speech = useStudioStore((s) => s.speech);
  const setSpeech = useStudioStore((s) => s.setSpeech);
  const text = useStudioStore((s) => s.text);
  const setText = useStudioStore((s) => s.setText);
  const { channel, supports, languages } = useVoiceChannel();
  const translate = useTranslateText();

  const spoken = new Set(channel?.language ?? []);
  const languageOptions = languages
    .map((group) => {
      const children = (group.children ?? [])
        .filter((c) => spoken.has(c.language))
        .map((c) => ({ label: c.name, value: c.language }));
      return spoken.has(group.language)
        ? { label: group.name, value: group.language }
        : children.length
          ? { label: group.name, options: children }
          : null;
    })
    .filter((o): o is NonNullable<typeof o> => o !== null);

  const changeLanguage = (language: string) => {
    const before = speech.language;
    setSpeech({ language });
    if (!text.trim()) return;
    modal.confirm({
      title: t.language,
      content: t.translateConfirm,
      okText: t.ok,
      cancelText: t.cancel,
      onOk: async () => {
        const result = await translate.mutateAsync({ text, source: before, target: language });
        setText(result.text);
      },
    });
  };

  return (
    <Form layout="vertical" size="small" style={{ marginTop: 8 }}>
      <Row gutter={16}>
        {(Object.keys(SLIDERS) as SliderKey[]).map((key) => (
          <Col key={key} span={8}>
            <Form.Item label={`${sliderLabels[key]} ${speech[key].toFixed(1)}`} style={{ marginBottom: 8 }}>
              <Slider
                {...SLIDERS[key]}
                aria-label={sliderLabels[key]}
                value={speech[key]}
                disabled={!supports[key]}
                onChange={(value: number) => setSpeech({ [key]: value } as Partial<Speech>)}
              />
            </Form.Item>
          </Col>
        ))}
        {supports.language && (
          <Col span={12}>
            <Form.Item label={t.language} style={{ marginBottom: 8 }}>
              <Select
                aria-label={t.language}
                value={speech.language || undefined}
                options={languageOptions}
                onChange={changeLanguage}
                loading={translate.isPending}
              />
            </Form.Item>
          </Col>
        )}
        {supports.emotion && (
          <Col span={12}>
            <Form.Item label={t.emotion} style={{ marginBottom: 8 }}>
              <Select
                aria-label={t.emotion}
                value={speech.emotion}
                options={emotions.map((e) => ({ label: t.emotions[e], value: e }))}
                onChange={(emotion: string) => setSpeech({ emotion })}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}
