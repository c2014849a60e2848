import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Form, Radio, Row, Select, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  UPLOAD_RULES,
  videoTranslateMessages as m,
  type RegisteredFile,
  type VideoTranslateRecord,
} from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { ToolHeader } from '../../../components/tool-header/ToolHeader';
import { DownloadDialog, FileUpload, type DownloadTarget, type UploadCheck } from '../../../components/upload';
import { VideoPlayerDialog } from '../../../components/video-player/VideoPlayerDialog';
import { feedback } from '../../../lib/feedback';
import { useToolState } from '../../../lib/tool-state';
import { useDeleteTranslation, useSubmitTranslation, useTranslateOptions, useTranslations } from '../api';
import { TranslationCard } from '../components/TranslationCard';
import { translateLabels as l } from '../messages';

/** Spec 001 §5: mp4/mov under 500 MB, refused with the spec's words. */
const VIDEO_CHECK: UploadCheck = {
  extensions: UPLOAD_RULES.video.extensions,
  maxBytes: UPLOAD_RULES.video.maxBytes,
  wrongType: m.fileRule,
  tooLarge: m.fileRule,
};

/** Video translation (/store/sea): upload, languages, mode, submit; the list of translations below. */
export default function TranslatePage() {
  const options = useTranslateOptions();
  const tool = useToolState('sea');
  const records = useTranslations();
  const submit = useSubmitTranslation();
  const remove = useDeleteTranslation();
  const confirmDeletion = useConfirmDelete();
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const [source, setSource] = useState<string>();
  const [target, setTarget] = useState<string>();
  const [mode, setMode] = useState<1 | 2>(2);
  const [subtitles, setSubtitles] = useState(false);
  const [playing, setPlaying] = useState<VideoTranslateRecord | null>(null);
  const [downloading, setDownloading] = useState<DownloadTarget | null>(null);
  const closeDownload = useCallback(() => setDownloading(null), []);
  const data = options.data;
  const languages = data?.list ?? [];

  const start = async () => {
    if (!file) return feedback.error(m.fileRequired);
    if (!source) return feedback.error(m.sourceRequired);
    if (!target) return feedback.error(m.targetRequired);
    try {
      const targetName = languages.find((x) => x.id === target)?.name ?? target;
      // The work is named after the uploaded file and the language it becomes.
      const name = `${file.name.replace(/\.[^.]+$/, '').slice(0, 40)}-${targetName}`;
      await submit.mutateAsync({
        file_id: file.id,
        source_lang: source,
        target_lang: target,
        mode,
        subtitles: subtitles ? 1 : 0,
        name,
      });
      setFile(null);
    } catch {
      // Spec 001 §8: a refused order closes the loading and clears the uploaded file; the call showed why.
      setFile(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <ToolHeader title={l.title} intro={l.intro} tool="sea" />
      <Spin spinning={options.isLoading}>
        {/* A tool not open here says so under the title; the order form waits for it. */}
        {!tool.available ? null : data && !data.configured ? (
          <Alert type="warning" showIcon message={l.unavailableTitle} description={data.reason} />
        ) : (
          <Card>
            <Spin spinning={submit.isPending}>
              <Form layout="vertical" style={{ maxWidth: 720 }}>
                <Form.Item label={l.title} required>
                  {file ? (
                    <Flex gap={12} align="center">
                      <Typography.Text>{l.uploaded(file.name)}</Typography.Text>
                      <Button size="small" onClick={() => setFile(null)}>
                        {l.reupload}
                      </Button>
                    </Flex>
                  ) : (
                    <FileUpload
                      fileType="video"
                      check={VIDEO_CHECK}
                      hint={l.uploadHint}
                      onUploaded={(f: RegisteredFile, original: File) =>
                        setFile({ id: f.file_id, name: original.name })
                      }
                    />
                  )}
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item label={l.sourceLang} required>
                      <Select
                        aria-label={l.sourceLang}
                        placeholder={l.choose}
                        value={source}
                        onChange={setSource}
                        options={languages.filter((x) => x.source).map((x) => ({ value: x.id, label: x.name }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label={l.targetLang} required>
                      <Select
                        aria-label={l.targetLang}
                        placeholder={l.choose}
                        value={target}
                        onChange={setTarget}
                        options={languages
                          .filter((x) => x.target && x.id !== source)
                          .map((x) => ({ value: x.id, label: x.name }))}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label={l.mode} required>
                  <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 1 | 2)}>
                    {(data?.modes ?? []).map((x) => (
                      <Radio key={x.mode} value={x.mode} disabled={!x.available}>
                        {l.modeNames[x.mode]}（{l.modeHelp[x.mode]}，{l.price(x.credits)}）
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
                <Form.Item>
                  <Checkbox checked={subtitles} onChange={(e) => setSubtitles(e.target.checked)}>
                    {l.subtitles}
                  </Checkbox>
                </Form.Item>
                <Button type="primary" size="large" onClick={() => void start()} loading={submit.isPending}>
                  {l.submit}
                </Button>
              </Form>
            </Spin>
          </Card>
        )}
      </Spin>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {l.records}
        </Typography.Title>
        <Link to="/works?type1=0&type2=3">{l.worksLink}</Link>
      </Flex>
      <Spin spinning={records.isLoading}>
        {(records.data?.list.length ?? 0) === 0 && !records.isLoading ? (
          <Empty description={l.empty} />
        ) : (
          <Row gutter={[16, 16]}>
            {(records.data?.list ?? []).map((r) => (
              <Col key={r.id} xs={24} xl={12}>
                <TranslationCard
                  record={r}
                  languages={languages}
                  onPlay={() => setPlaying(r)}
                  onDownload={(url, fileName) => setDownloading({ url, fileName })}
                  onDelete={() =>
                    confirmDeletion({
                      title: l.deleteTitle,
                      content: l.deleteContent,
                      onDelete: () => remove.mutateAsync(r.id),
                    })
                  }
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <VideoPlayerDialog
        open={!!playing}
        title={playing?.name ?? ''}
        url={playing?.url ?? ''}
        onClose={() => setPlaying(null)}
      />
      <DownloadDialog target={downloading} onClose={closeDownload} />
    </Flex>
  );
}
