import { App, Cascader, Col, Form, Row, Select } from 'antd';
import { emotions } from '@app/contract';
import { SpeechSliders } from '../../../components/script-box';
import { useTranslateText } from '../api/translate-text';
import { useTextModel } from '../hooks/use-text-model';
import { useVoiceChannel } from '../hooks/use-voice-channel';
import { languagePath } from '../lib/language-choices';
import { studioText as t } from '../messages';
import { useStudioStore, type SpeechSettings as Speech } from '../stores/studio-store';

/**
 * Speed, volume and pitch sliders and the language / emotion choices, as the voice's channel allows; the
 * languages are the site's tree (GET /api/index/langList) cut to what the channel speaks.
 */
export function SpeechSettings() {
  const { modal } = App.useApp();
  const speech = useStudioStore((s) => s.speech);
  const setSpeech = useStudioStore((s) => s.setSpeech);
  const text = useStudioStore((s) => s.text);
  const setText = useStudioStore((s) => s.setText);
  const { supports, languages, languagesLoading } = useVoiceChannel();
  const translate = useTranslateText();
  const textModel = useTextModel();

  /** The picker answers with the path to the language (group, then language); cleared means the default. */
  const changeLanguage = (path: string[] | undefined) => {
    const language = path?.at(-1) ?? '';
    const before = speech.language;
    if (language === before) return;
    setSpeech({ language });
    // Without a text model the language still changes; the script is simply not translated.
    if (!language || !text.trim() || !textModel.available) return;
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
      <SpeechSliders value={speech} onChange={(next) => setSpeech(next as Partial<Speech>)} supports={supports} />
      <Row gutter={16}>
        {supports.language && (
          <Col span={12}>
            <Form.Item label={t.language} style={{ marginBottom: 8 }}>
              <Cascader<{ value: string; label: string }>
                aria-label={t.language}
                placeholder={t.languageDefault}
                value={languagePath(languages, speech.language)}
                options={languages}
                onChange={(path) => changeLanguage(path)}
                loading={languagesLoading || translate.isPending}
                expandTrigger="hover"
                style={{ width: '100%' }}
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
