import { Button, Col, Empty, Flex, Row, Spin, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { studioMessages, type Work } from '@app/contract';
import { NameDialog, useConfirmDelete } from '../../../components/dialogs';
import { DownloadDialog, downloadName, type DownloadTarget } from '../../../components/upload';
import { VideoPlayerDialog } from '../../../components/video-player/VideoPlayerDialog';
import { useDeleteWork } from '../api/delete-work';
import { useRenameWork } from '../api/rename-work';
import { useWorks } from '../../../entities/works';
import { WorkCard, WorkStatus } from '../components/WorkCard';
import { captionsLink } from '../api/work-captions';
import { tabsFromQuery, WORK_TABS, type FirstTab } from '../lib/tabs';
import { worksMessages as m } from '../messages';

/** Works by kind with counts, refreshed every 15 s; finished works play, rename, download and delete. */
export default function WorksPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { type1, tab } = tabsFromQuery(search);
  const works = useWorks(tab.filter);
  const remove = useDeleteWork();
  const rename = useRenameWork();
  const confirmDeletion = useConfirmDelete();
  const [playing, setPlaying] = useState<Work | null>(null);
  const [renaming, setRenaming] = useState<Work | null>(null);
  const [downloading, setDownloading] = useState<DownloadTarget | null>(null);
  const closeDownload = useCallback(() => setDownloading(null), []);
  const counts = works.data?.counts;

  const go = (next: { type1: FirstTab; type2: string }) =>
    setSearch({ type1: next.type1, type2: next.type2 }, { replace: true });
  const play = (work: Work) => {
    if (work.status === WorkStatus.done) setPlaying(work);
  };
  const confirmDelete = (work: Work) =>
    confirmDeletion({
      title: m.deleteTitle,
      content: m.deleteConfirm(work.name),
      onDelete: () => remove.mutateAsync(work.id),
    });

  const list = works.data?.list ?? [];
  const content = works.isPending ? (
    <Spin style={{ display: 'block', padding: 48 }} />
  ) : list.length === 0 ? (
    <Empty description={m.empty} style={{ padding: 48 }}>
      <Button type="primary" onClick={() => void navigate(tab.createPath)}>
        {m.createNow}
      </Button>
    </Empty>
  ) : (
    <Row gutter={[16, 16]}>
      {list.map((work) => (
        <Col key={work.id} xs={12} sm={8} md={6} xl={4}>
          <WorkCard
            work={work}
            onPlay={play}
            onRename={setRenaming}
            onDownload={(w) => setDownloading({ url: w.url, fileName: downloadName(w.name, w.url) })}
            onDownloadCaptions={(w) =>
              void captionsLink(w.id).then((d) => setDownloading({ url: d.url, fileName: d.name }))
            }
            onDelete={confirmDelete}
          />
        </Col>
      ))}
    </Row>
  );

  return (
    <Flex vertical>
      <Tabs
        activeKey={type1}
        onChange={(key) => go({ type1: key as FirstTab, type2: '0' })}
        items={(Object.keys(WORK_TABS) as FirstTab[]).map((key) => ({ key, label: WORK_TABS[key].label }))}
      />
      <Tabs
        type="card"
        size="small"
        activeKey={tab.key}
        onChange={(type2) => go({ type1, type2 })}
        items={WORK_TABS[type1].tabs.map((t) => ({ key: t.key, label: m.tabCount(t.label, counts?.[t.count] ?? 0) }))}
      />
      {content}
      <VideoPlayerDialog
        open={!!playing}
        title={playing?.name ?? ''}
        url={playing?.url ?? ''}
        portrait={playing?.hs !== 1}
        onClose={() => setPlaying(null)}
      />
      <NameDialog
        open={!!renaming}
        title={m.renameTitle}
        initialName={renaming?.name ?? ''}
        placeholder={m.namePlaceholder}
        requiredMessage={studioMessages.renameRequired}
        saving={rename.isPending}
        onSave={(name) => (renaming ? rename.mutateAsync({ id: renaming.id, name }) : Promise.resolve())}
        onClose={() => setRenaming(null)}
      />
      <DownloadDialog target={downloading} onClose={closeDownload} />
    </Flex>
  );
}
