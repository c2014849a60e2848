import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Image, Row, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { aiMediaMessages, videoCredits, videoPriceKey, type RecommendedPrompt, type VideoRecord } from '@app/contract';
import { DownloadDialog, downloadName, type DownloadTarget } from '../../../components/upload';
import { feedback } from '../../../lib/feedback';
import { useGenerateVideo, useVideoRecommendations, useVideoRecords, type VideoType } from '../api/ai-media';
import { aiMediaLabels } from '../messages';
import { ToolHeader } from '../../../components/tool-header/ToolHeader';
import { HistoryList } from './HistoryList';
import { InspirationPanel, PresetDialog } from './InspirationPanel';
import { PicturePicker } from './PicturePicker';
import { PromptEditor, type PromptEditorHandle } from './PromptEditor';
import { RecommendList } from './RecommendList';
import { useToolState } from '../../../lib/tool-state';
import { useDraft } from '../../../lib/use-draft';
import { useAskDelete } from './use-ask-delete';
import { DEFAULT_VIDEO_SETTINGS, VideoSettings, type VideoSettingsValue } from './VideoSettings';

type FrameTab = '1' | '2';

/**
 * Draft names of the unsent descriptions (lib/use-draft), kept with their inspiration words (as org_data).
 * After an order the description stays on show; the draft goes.
 */
const VIDEO_PROMPT_DRAFT: Record<VideoType, string> = { text: 'ai-video-prompt', image: 'ai-image-video-prompt' };

function Samples({ list, onPick }: { list: RecommendedPrompt[]; onPick: (p: RecommendedPrompt) => void }) {
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary">{aiMediaLabels.samples}</Typography.Text>
      <Flex gap={8} wrap>
        {list.map((p) => (
          <button
            key={p.id}
            type="button"
            title={p.content}
            aria-label={`${aiMediaLabels.useSample} ${p.title}`}
            onClick={() => onPick(p)}
            style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer', width: 76 }}
          >
            <img
              src={p.image}
              alt={p.alt}
              style={{ width: 76, height: 76, objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
            <Typography.Text style={{ fontSize: 12 }} ellipsis>
              {p.title}
            </Typography.Text>
          </button>
        ))}
      </Flex>
    </Flex>
  );
}

/** Text-to-video (type text) and image-to-video (type image): the order on the left, preview and history on the right. */
export function VideoStudio({ type }: { type: VideoType }) {
  const editor = useRef<PromptEditorHandle>(null);
  const [settings, setSettings] = useState<VideoSettingsValue>(DEFAULT_VIDEO_SETTINGS);
  const [tab, setTab] = useState<FrameTab>('1');
  const [image, setImage] = useState('');
  const [imageTail, setImageTail] = useState('');
  const [nonce, setNonce] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  const recommend = useVideoRecommendations(type, nonce);
  const records = useVideoRecords(type);
  const toolKey = type === 'image' ? 'tsVideo' : 'wsVideo';
  const tool = useToolState(toolKey);
  const generate = useGenerateVideo();
  const askDelete = useAskDelete('video', selected, () => setSelected(null));
  const [unsentPrompt, setUnsentPrompt] = useState('');
  const restorePrompt = useCallback((saved: string) => editor.current?.restore(saved, ''), []);
  const draft = useDraft(VIDEO_PROMPT_DRAFT[type], unsentPrompt, restorePrompt);
  const current: VideoRecord | undefined = records.data?.list.find((r) => r.id === selected);
  const cost =
    records.data?.service.prices.find((p) => p.api === videoPriceKey(settings.mode, settings.duration))?.credits ??
    videoCredits(settings.mode, settings.duration === '10' ? 10 : 5);

  const open = (id: number) => {
    const r = records.data?.list.find((x) => x.id === id);
    if (!r) return;
    setSelected(r.status === 3 ? r.id : null);
    // The order comes back from org_data (editor and words) and the record's fields.
    editor.current?.restore(r.org_data, r.prompt);
    setSettings({
      cfgScale: r.cfg_scale,
      mode: 'std',
      duration: r.duration === 10 ? '10' : '5',
      ratio: r.aspect_ratio || '16:9',
      negative: r.negative_prompt,
    });
    if (type === 'image') {
      setImage(r.image);
      setImageTail(r.image_tail);
      setTab(r.image_tail ? '1' : tab);
    }
  };

  const pickRecommendation = (p: RecommendedPrompt) => {
    editor.current?.setText(p.content);
    if (type === 'image' && p.image) {
      setImage(p.image);
      setImageTail(p.image_tail);
    }
  };

  const submit = () => {
    const prompt = editor.current?.text() ?? '';
    if (type === 'text' && !prompt) return feedback.error(aiMediaMessages.promptRequired);
    if (type === 'image' && !image)
      return feedback.error(tab === '2' ? aiMediaMessages.referenceRequired : aiMediaMessages.firstFrameRequired);
    generate.mutate(
      {
        type,
        prompt,
        negative_prompt: settings.negative.trim(),
        cfg_scale: settings.cfgScale.toFixed(2),
        mode: settings.mode,
        duration: settings.duration,
        aspect_ratio: settings.ratio,
        org_data: editor.current?.orgData() ?? '',
        ...(type === 'image' ? { image, image_tail: tab === '1' ? imageTail : '', image_mode: tab } : {}),
      },
      { onSuccess: draft.sent },
    );
  };

  const items = useMemo(
    () =>
      (records.data?.list ?? []).map((r) => ({
        id: r.id,
        status: r.status,
        thumb: r.cover || r.image,
        title: r.prompt || aiMediaLabels.video,
        detail: `${aiMediaLabels.seconds(r.duration)} · ${r.aspect_ratio} · ${r.create_time}`,
        queuePosition: r.queue_position,
        failReason: r.fail_reason,
      })),
    [records.data],
  );

  const frames =
    type === 'image' ? (
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as FrameTab)}
        items={[
          {
            key: '1',
            label: aiMediaLabels.tabFrames,
            children: (
              <Flex gap={16} wrap>
                <PicturePicker
                  label={aiMediaLabels.firstFrame}
                  value={image}
                  onChange={setImage}
                  tooLarge={aiMediaMessages.imageTooLarge}
                />
                <PicturePicker
                  label={aiMediaLabels.lastFrame}
                  value={imageTail}
                  onChange={setImageTail}
                  tooLarge={aiMediaMessages.imageTooLarge}
                />
              </Flex>
            ),
          },
          {
            key: '2',
            label: aiMediaLabels.tabReference,
            children: (
              <PicturePicker
                label={aiMediaLabels.referencePicture}
                value={image}
                onChange={setImage}
                tooLarge={aiMediaMessages.imageTooLarge}
              />
            ),
          },
        ]}
      />
    ) : null;

  return (
    <Flex vertical gap={16}>
      <ToolHeader
        title={type === 'image' ? aiMediaLabels.imageVideoTitle : aiMediaLabels.textVideoTitle}
        intro={type === 'image' ? aiMediaLabels.imageVideoIntro : aiMediaLabels.textVideoIntro}
        tool={toolKey}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={11}>
          <Card>
            <Flex vertical gap={14}>
              {frames}
              {type === 'image' ? <Samples list={recommend.data?.list ?? []} onPick={pickRecommendation} /> : null}
              <InspirationPanel
                onWord={(w) => editor.current?.insertWord(w)}
                onPreset={(p) => editor.current?.setText(p.content)}
              />
              <Flex vertical gap={6}>
                <Flex justify="space-between" align="center">
                  <Typography.Text strong>{aiMediaLabels.description}</Typography.Text>
                  <Flex gap={4}>
                    <Button size="small" onClick={() => setSaving(editor.current?.text() ?? '')}>
                      {aiMediaLabels.save}
                    </Button>
                    <Button size="small" onClick={() => editor.current?.clear()}>
                      {aiMediaLabels.clear}
                    </Button>
                  </Flex>
                </Flex>
                <PromptEditor
                  ref={editor}
                  onChange={(text) => setUnsentPrompt(text ? (editor.current?.orgData() ?? '') : '')}
                />
                {type === 'text' ? (
                  <RecommendList
                    list={recommend.data?.list ?? []}
                    onPick={pickRecommendation}
                    onRefresh={() => setNonce((n) => n + 1)}
                  />
                ) : null}
              </Flex>
              <VideoSettings value={settings} onChange={setSettings} showRatio={type === 'text'} />
              <Button
                type="primary"
                size="large"
                block
                disabled={!tool.available}
                loading={generate.isPending}
                onClick={submit}
              >
                {aiMediaLabels.generate}（{cost}
                {aiMediaLabels.points}）
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          <Flex vertical gap={16}>
            <Card
              title={aiMediaLabels.preview}
              extra={
                current ? (
                  <Flex gap={8}>
                    <Button
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        setDownload({ url: current.url, fileName: downloadName(`AI视频-${current.id}`, current.url) })
                      }
                    >
                      {aiMediaLabels.download}
                    </Button>
                    <Button danger icon={<DeleteOutlined />} onClick={() => askDelete(current.id)}>
                      {aiMediaLabels.delete}
                    </Button>
                  </Flex>
                ) : null
              }
            >
              {current ? (
                <video
                  key={current.url}
                  src={current.url}
                  poster={current.cover}
                  controls
                  aria-label={aiMediaLabels.preview}
                  style={{ width: '100%', maxHeight: 420, background: '#000', borderRadius: 8 }}
                />
              ) : type === 'image' && image ? (
                <Flex justify="center">
                  <Image src={image} alt={aiMediaLabels.firstFrame} style={{ maxHeight: 320 }} />
                </Flex>
              ) : (
                <Empty description={aiMediaLabels.previewEmpty} />
              )}
            </Card>
            <Card title={aiMediaLabels.history}>
              <HistoryList kind="video" items={items} selected={selected} onOpen={open} onDelete={askDelete} />
            </Card>
          </Flex>
        </Col>
      </Row>
      <PresetDialog open={saving !== null} content={saving ?? ''} onClose={() => setSaving(null)} />
      <DownloadDialog target={download} onClose={() => setDownload(null)} />
    </Flex>
  );
}
