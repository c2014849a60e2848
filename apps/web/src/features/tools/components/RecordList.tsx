import { Col, Empty, Row, Spin, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { analyseMessages, type AnalyseRecord } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { DownloadDialog, downloadName, type DownloadTarget } from '../../../components/upload';
import { VideoPlayerDialog } from '../../../components/video-player/VideoPlayerDialog';
import { useAnalyseRecords, useDeleteRecord, useSaveRecord, type AnalyseKind, type RecordTab } from '../api/analyse';
import { toolsLabels } from '../messages';
import { RecordCard } from './RecordCard';

const TABS: { key: RecordTab; label: string }[] = [
  { key: '', label: toolsLabels.tabs.all },
  { key: '1', label: toolsLabels.tabs.processing },
  { key: '4', label: toolsLabels.tabs.failed },
];

/** The extraction records with their tabs (all / processing / failed), download, save and delete. */
export function RecordList({ kind }: { kind: AnalyseKind }) {
  const [tab, setTab] = useState<RecordTab>('');
  const [playing, setPlaying] = useState<AnalyseRecord | null>(null);
  const [downloading, setDownloading] = useState<DownloadTarget | null>(null);
  const { data, isLoading } = useAnalyseRecords(kind, tab);
  const remove = useDeleteRecord(kind);
  const save = useSaveRecord(kind);
  const confirmDeletion = useConfirmDelete();
  const closeDownload = useCallback(() => setDownloading(null), []);
  const list = data?.list ?? [];
  const ext = kind === 'video' ? 'mp4' : 'm4a';
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as RecordTab)}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <Spin spinning={isLoading}>
        {list.length === 0 && !isLoading ? (
          <Empty description={toolsLabels.empty} />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((r) => (
              <Col key={r.id} xs={24} md={12} xxl={8}>
                <RecordCard
                  kind={kind}
                  record={r}
                  onPlay={setPlaying}
                  onDownload={(x) =>
                    setDownloading({
                      url: x.download_url,
                      fileName: downloadName(x.desc.slice(0, 15) || `提取${x.id}`, x.url, ext),
                    })
                  }
                  onSave={(x) => save.mutate(x)}
                  onDelete={(x) =>
                    confirmDeletion({
                      title: toolsLabels.deleteTitle,
                      content: analyseMessages.confirmDelete,
                      onDelete: () => remove.mutateAsync(x.id),
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
        title={playing?.desc ?? ''}
        url={playing?.url ?? ''}
        onClose={() => setPlaying(null)}
      />
      <DownloadDialog target={downloading} onClose={closeDownload} />
    </>
  );
}
