import { PlayCircleOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, Tag, theme, Typography } from 'antd';
import type { TranslateLanguage, VideoTranslateRecord } from '@app/contract';
import { translateLabels as l } from '../messages';

const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error' };

interface Props {
  record: VideoTranslateRecord;
  languages: TranslateLanguage[];
  onPlay: () => void;
  onDownload: (url: string, fileName: string) => void;
  onDelete: () => void;
}

/** One translation: cover, languages, mode, step and progress; play and downloads once done. */
export function TranslationCard({ record: r, languages, onPlay, onDownload, onDelete }: Props) {
  const { token } = theme.useToken();
  const lang = (id: string) => {
    const found = languages.find((x) => x.id === id);
    return found ? found.name : id;
  };
  const done = r.status === 3;
  const running = r.status === 1 || r.status === 2;
  return (
    <Card size="small" role="group" aria-label={r.name} styles={{ body: { padding: 12 } }}>
      <Flex gap={12} align="flex-start">
        <button
          type="button"
          aria-label={`${l.play} ${r.name}`}
          disabled={!done}
          onClick={onPlay}
          style={{
            position: 'relative',
            flex: '0 0 auto',
            width: 128,
            height: 72,
            padding: 0,
            border: 0,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
            background: token.colorFillSecondary,
            cursor: done ? 'pointer' : 'default',
          }}
        >
          {r.cover ? (
            <img src={r.cover} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Flex align="center" justify="center" style={{ height: '100%', fontSize: 26, color: token.colorTextTertiary }}>
              <TranslationOutlined />
            </Flex>
          )}
          {done ? (
            <PlayCircleOutlined style={{ position: 'absolute', inset: 0, margin: 'auto', fontSize: 26, color: '#fff', height: 26 }} />
          ) : null}
        </button>
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong ellipsis={{ tooltip: r.name }} style={{ maxWidth: 220 }}>
              {r.name}
            </Typography.Text>
            <Tag color={STATUS_COLOR[r.status]} style={{ marginInlineEnd: 0 }}>
              {running ? r.step || r.status_name : r.status_name}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {lang(r.source_lang)} → {lang(r.target_lang)} · {l.modeNames[r.mode]} · {l.seconds(r.duration)} ·{' '}
            {l.credits(r.credits)} · {r.create_time}
          </Typography.Text>
          {running ? <Progress percent={r.progress} size="small" aria-label={r.step} /> : null}
          {r.status === 4 && r.fail_reason ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.fail_reason}
            </Typography.Text>
          ) : null}
          {done && (r.note || r.drift > 0) ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.note, r.drift > 0.05 ? l.drift(r.drift) : ''].filter(Boolean).join('；')}
            </Typography.Text>
          ) : null}
          <Flex gap={4} wrap>
            {done ? (
              <>
                <Button size="small" onClick={() => onDownload(r.url, `${r.name}.mp4`)}>
                  {l.downloadVideo}
                </Button>
                <Button size="small" onClick={() => onDownload(r.srt_url, `${r.name}-${r.target_lang}.srt`)}>
                  {l.downloadSrt}
                </Button>
                <Button size="small" onClick={() => onDownload(r.source_srt_url, `${r.name}-${r.source_lang}.srt`)}>
                  {l.downloadSourceSrt}
                </Button>
              </>
            ) : null}
            {!running ? (
              <Button size="small" danger type="text" onClick={onDelete}>
                {l.delete}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
