import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { Button, Progress, Tooltip, Typography } from 'antd';
import { studioMessages, type Work } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { MediaCard } from '../../../components/media-card/MediaCard';
import { worksMessages as m } from '../messages';

/** Work status: 3 done, 4 failed, anything else in progress. */
export const WorkStatus = { done: 3, failed: 4 } as const;

interface WorkCardProps {
  work: Work;
  onPlay: (work: Work) => void;
  onRename: (work: Work) => void;
  onDownload: (work: Work) => void;
  /** A finished work with captions offers its SRT (下载字幕). */
  onDownloadCaptions?: (work: Work) => void;
  onDelete: (work: Work) => void;
}

function progressOverlay(work: Work) {
  if (work.status === WorkStatus.failed) {
    return (
      <>
        <Typography.Text strong style={{ color: '#ff7875' }}>
          {m.failed}
        </Typography.Text>
        {work.fail_reason && (
          <Typography.Text style={{ color: '#fff', fontSize: 12 }}>{work.fail_reason}</Typography.Text>
        )}
      </>
    );
  }
  return (
    <>
      <Typography.Text style={{ color: '#fff' }}>
        {work.queue_position > 0 ? m.queued(work.queue_position) : m.progress(work.progress)}
      </Typography.Text>
      {work.queue_position === 0 && (
        <Progress percent={work.progress} size="small" showInfo={false} style={{ width: '70%' }} />
      )}
    </>
  );
}

/** A finished work plays, renames, downloads and deletes; a failed one shows why and deletes; others show their place. */
export function WorkCard({ work, onPlay, onRename, onDownload, onDownloadCaptions, onDelete }: WorkCardProps) {
  const done = work.status === WorkStatus.done;
  const failed = work.status === WorkStatus.failed;
  const remove = (
    <Tooltip title={m.delete}>
      <Button danger shape="circle" icon={<DeleteOutlined />} aria-label={m.delete} onClick={() => onDelete(work)} />
    </Tooltip>
  );
  return (
    <MediaCard
      title={work.name}
      cover={work.cover}
      aspect={3 / 4}
      fit="contain"
      overlay={done ? undefined : progressOverlay(work)}
      onClick={
        done ? () => onPlay(work) : failed ? () => feedback.warning(studioMessages.workFailedRegenerate) : undefined
      }
      description={
        <>
          {[work.create_time, work.api_name, done && work.duration ? m.seconds(work.duration) : '']
            .filter(Boolean)
            .join(' · ')}
          {/* What the user should know about the result, e.g. that no face was found and the whole picture moves. */}
          {done && work.note && <div>{work.note}</div>}
        </>
      }
      actions={
        done ? (
          <>
            <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => onPlay(work)}>
              {m.play}
            </Button>
            <div style={{ display: 'flex', gap: 8 }}>
              <Tooltip title={m.rename}>
                <Button shape="circle" icon={<EditOutlined />} aria-label={m.rename} onClick={() => onRename(work)} />
              </Tooltip>
              <Tooltip title={m.download}>
                <Button
                  shape="circle"
                  icon={<DownloadOutlined />}
                  aria-label={m.download}
                  onClick={() => onDownload(work)}
                />
              </Tooltip>
              {work.captions === 1 && onDownloadCaptions && (
                <Tooltip title={m.downloadCaptions}>
                  <Button
                    shape="circle"
                    icon={<FileTextOutlined />}
                    aria-label={m.downloadCaptions}
                    onClick={() => onDownloadCaptions(work)}
                  />
                </Tooltip>
              )}
              {remove}
            </div>
          </>
        ) : failed ? (
          remove
        ) : undefined
      }
    />
  );
}
