import { CustomerServiceOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, theme, Typography } from 'antd';
import type { AnalyseRecord } from '@app/contract';
import type { AnalyseKind } from '../api/analyse';
import { toolsLabels } from '../messages';

const STATUS_COLOR: Record<AnalyseRecord['status'], string> = { 1: 'processing', 3: 'success', 4: 'error' };

interface RecordCardProps {
  kind: AnalyseKind;
  record: AnalyseRecord;
  onPlay: (r: AnalyseRecord) => void;
  onDownload: (r: AnalyseRecord) => void;
  onSave: (r: AnalyseRecord) => void;
  onDelete: (r: AnalyseRecord) => void;
}

/** One extraction record: cover, description, status and size; download and save once it succeeded. */
export function RecordCard({ kind, record: r, onPlay, onDownload, onSave, onDelete }: RecordCardProps) {
  const { token } = theme.useToken();
  // Until the page's title is known, the link says which record it is.
  const title = r.desc || r.link || toolsLabels.noDesc;
  const done = r.status === 3;
  return (
    <Card size="small" role="group" aria-label={title} styles={{ body: { padding: 12 } }}>
      <Flex gap={12} align="flex-start">
        <button
          type="button"
          aria-label={`${toolsLabels.play} ${title}`}
          disabled={!done || kind === 'audio'}
          onClick={() => onPlay(r)}
          style={{
            position: 'relative',
            flex: '0 0 auto',
            width: 96,
            height: 96,
            padding: 0,
            border: 0,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
            background: token.colorFillSecondary,
            cursor: done && kind === 'video' ? 'pointer' : 'default',
          }}
        >
          {r.cover ? (
            <img src={r.cover} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Flex
              align="center"
              justify="center"
              style={{ height: '100%', fontSize: 28, color: token.colorTextTertiary }}
            >
              {kind === 'video' ? <VideoCameraOutlined /> : <CustomerServiceOutlined />}
            </Flex>
          )}
          {done && kind === 'video' ? (
            <PlayCircleOutlined
              style={{ position: 'absolute', inset: 0, margin: 'auto', fontSize: 28, color: '#fff', height: 28 }}
            />
          ) : null}
        </button>
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Tag color={STATUS_COLOR[r.status]} style={{ marginInlineEnd: 0 }}>
              {r.status_name}
            </Tag>
            {r.type === 2 ? <Tag style={{ marginInlineEnd: 0 }}>{toolsLabels.fromUploadTag}</Tag> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.create_time}
            </Typography.Text>
          </Flex>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: title }} style={{ margin: 0 }}>
            {title}
          </Typography.Paragraph>
          {done ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {toolsLabels.size(r.size)} · {toolsLabels.duration(r.duration)}
            </Typography.Text>
          ) : null}
          {r.status === 4 && r.fail_reason ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.fail_reason}
            </Typography.Text>
          ) : null}
          {done && kind === 'audio' ? (
            <audio src={r.url} controls preload="none" aria-label={title} style={{ width: '100%', height: 36 }} />
          ) : null}
          <Flex gap={8} wrap>
            {done ? (
              <>
                <Button size="small" onClick={() => onDownload(r)}>
                  {toolsLabels.download}
                </Button>
                <Button size="small" type="primary" ghost onClick={() => onSave(r)}>
                  {toolsLabels.save}
                </Button>
              </>
            ) : null}
            {r.status === 4 ? (
              <Button size="small" danger onClick={() => onDelete(r)}>
                {toolsLabels.delete}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
