import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Carousel,
  Col,
  Empty,
  Flex,
  Image,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { aiMediaMessages, AI_MEDIA_RULES, IMAGE_RATIOS, type ImageRecord } from '@app/contract';
import { DownloadDialog, downloadName, type DownloadTarget } from '../../../components/upload';
import { feedback } from '../../../lib/feedback';
import { useGenerateImage, useImagePrompts, useImageRecords } from '../api/ai-media';
import { ToolHeader } from '../../../components/tool-header/ToolHeader';
import { HistoryList } from '../components/HistoryList';
import { PicturePicker } from '../components/PicturePicker';
import { RecommendList } from '../components/RecommendList';
import { useToolState } from '../../../lib/tool-state';
import { useDraft } from '../../../lib/use-draft';
import { useAskDelete } from '../components/use-ask-delete';
import { aiMediaLabels } from '../messages';

/** Draft name of the unsent description (lib/use-draft); it stays on show after an order, the draft goes. */
const IMAGE_PROMPT_DRAFT = 'ai-image-prompt';

/** Text-to-image (/store/wsImage): description, recommendations, ratio, reference, count; preview, carousel, history. */
export default function TextImagePage() {
  const [text, setText] = useState('');
  const [ratio, setRatio] = useState<string>('1:1');
  const draft = useDraft(IMAGE_PROMPT_DRAFT, text, setText);
  const [num, setNum] = useState(1);
  const [image, setImage] = useState('');
  const [nonce, setNonce] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [shown, setShown] = useState(0);
  const [browsing, setBrowsing] = useState(false);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  const prompts = useImagePrompts(nonce);
  const records = useImageRecords();
  const tool = useToolState('wsImage');
  const generate = useGenerateImage();
  const askDelete = useAskDelete('image', selected, () => setSelected(null));
  const current: ImageRecord | undefined = records.data?.list.find((r) => r.id === selected);
  const pictures = current?.status === 3 ? current.url : [];

  const open = (id: number) => {
    const r = records.data?.list.find((x) => x.id === id);
    if (!r) return;
    // Done: its pictures and its order; failed: the preview clears, the order comes back.
    setSelected(r.status === 3 ? r.id : null);
    setShown(0);
    setText(r.text);
    setRatio(r.ratio);
    setNum(r.num);
    setImage(r.image);
  };

  const submit = () => {
    if (!text.trim()) return feedback.error(aiMediaMessages.promptRequired);
    generate.mutate({ type: 'text', text: text.trim(), ratio, num, image }, { onSuccess: draft.sent });
  };

  const items = useMemo(
    () =>
      (records.data?.list ?? []).map((r) => ({
        id: r.id,
        status: r.status,
        thumb: r.url[0] ?? '',
        title: r.text,
        detail: `${r.ratio} · ${aiMediaLabels.images(r.num)} · ${r.create_time}`,
        queuePosition: r.queue_position,
        failReason: r.fail_reason,
      })),
    [records.data],
  );

  return (
    <Flex vertical gap={16}>
      <ToolHeader title={aiMediaLabels.imageTitle} intro={aiMediaLabels.imageIntro} tool="wsImage" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card>
            <Flex vertical gap={14}>
              <Flex vertical gap={6}>
                <Typography.Text strong>{aiMediaLabels.description}</Typography.Text>
                <Input.TextArea
                  rows={5}
                  aria-label={aiMediaLabels.description}
                  placeholder={aiMediaLabels.descriptionPlaceholder}
                  maxLength={AI_MEDIA_RULES.promptMax}
                  showCount
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
                <div style={{ paddingTop: 12 }}>
                  <RecommendList
                    list={prompts.data?.list ?? []}
                    onPick={(p) => setText(p.content)}
                    onRefresh={() => setNonce((n) => n + 1)}
                  />
                </div>
              </Flex>
              <Flex vertical gap={6}>
                <Typography.Text strong>{aiMediaLabels.ratio}</Typography.Text>
                <Radio.Group
                  optionType="button"
                  value={ratio}
                  onChange={(e) => setRatio(e.target.value as string)}
                  options={IMAGE_RATIOS.map((r) => ({ value: r, label: r }))}
                />
              </Flex>
              <Flex vertical gap={4}>
                <PicturePicker
                  label={aiMediaLabels.reference}
                  value={image}
                  onChange={setImage}
                  tooLarge={aiMediaMessages.imageTooLarge}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {aiMediaLabels.referenceHint}
                </Typography.Text>
              </Flex>
              <Flex gap={12} align="center">
                <Typography.Text strong>{aiMediaLabels.count}</Typography.Text>
                <InputNumber
                  min={1}
                  max={AI_MEDIA_RULES.maxImages}
                  precision={0}
                  value={num}
                  aria-label={aiMediaLabels.count}
                  onChange={(v) => setNum(v ?? 1)}
                />
              </Flex>
              <Button
                type="primary"
                size="large"
                block
                disabled={!tool.available}
                loading={generate.isPending}
                onClick={submit}
              >
                {aiMediaLabels.generate}（
                {num *
                  (records.data?.service.prices.find((p) => p.api === 'image')?.credits ??
                    AI_MEDIA_RULES.creditsPerImage)}
                {aiMediaLabels.points}）
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            <Card
              title={aiMediaLabels.preview}
              extra={
                pictures.length ? (
                  <Flex gap={8}>
                    <Button icon={<EyeOutlined />} onClick={() => setBrowsing(true)}>
                      {aiMediaLabels.openBrowse}
                    </Button>
                    <Button
                      icon={<DownloadOutlined />}
                      onClick={() => {
                        const url = pictures[shown] ?? '';
                        setDownload({
                          url,
                          fileName: downloadName(`AI图片-${current?.id ?? ''}-${shown + 1}`, url, 'png'),
                        });
                      }}
                    >
                      {aiMediaLabels.download}
                    </Button>
                  </Flex>
                ) : null
              }
            >
              {pictures.length ? (
                <Flex vertical gap={8} align="center">
                  <Image src={pictures[shown]} alt={current?.text} style={{ maxHeight: 420, objectFit: 'contain' }} />
                  <Flex gap={8} wrap justify="center">
                    {pictures.map((u, i) => (
                      <button
                        key={u}
                        type="button"
                        aria-label={`${aiMediaLabels.preview} ${i + 1}`}
                        onClick={() => setShown(i)}
                        style={{
                          padding: 0,
                          border: i === shown ? '2px solid #1677ff' : '2px solid transparent',
                          borderRadius: 6,
                          background: 'none',
                          cursor: 'pointer',
                        }}
                      >
                        <img
                          src={u}
                          alt=""
                          style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 4, display: 'block' }}
                        />
                      </button>
                    ))}
                  </Flex>
                </Flex>
              ) : (
                <Empty description={aiMediaLabels.previewEmpty} />
              )}
            </Card>
            <Card title={aiMediaLabels.history}>
              <HistoryList kind="image" items={items} selected={selected} onOpen={open} onDelete={askDelete} />
            </Card>
          </Flex>
        </Col>
      </Row>
      <Modal
        title={aiMediaLabels.browse}
        open={browsing}
        footer={null}
        onCancel={() => setBrowsing(false)}
        width={720}
        destroyOnHidden
      >
        <Carousel autoplay autoplaySpeed={AI_MEDIA_RULES.carouselMs} dots>
          {pictures.map((u) => (
            <div key={u}>
              <img src={u} alt={current?.text} style={{ width: '100%', maxHeight: 520, objectFit: 'contain' }} />
            </div>
          ))}
        </Carousel>
      </Modal>
      <DownloadDialog target={download} onClose={() => setDownload(null)} />
    </Flex>
  );
}
