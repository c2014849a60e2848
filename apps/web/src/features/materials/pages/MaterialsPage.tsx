import { UploadOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Row, Spin, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { filesMessages, MATERIAL_TYPES, type MaterialItem, type MaterialType } from '@app/contract';
import { NameDialog, useConfirmDelete } from '../../../components/dialogs';
import { DownloadDialog, downloadName, type DownloadTarget } from '../../../components/upload';
import { useMaterials } from '../../../entities/materials';
import { useDeleteMaterial } from '../api/delete-material';
import { useRenameMaterial } from '../api/save-material';
import { MaterialCard } from '../components/MaterialCard';
import { PlayerDialog } from '../components/PlayerDialog';
import { UploadMaterialDialog } from '../components/UploadMaterialDialog';
import { materialsLabels } from '../messages';

const FALLBACK_EXT: Record<MaterialType, string> = { image: 'png', video: 'mp4', audio: 'mp3' };
/** The material's name plus the extension of its stored object. */
const materialFileName = (item: MaterialItem) => downloadName(item.name, item.url, FALLBACK_EXT[item.type]);

/** My materials (/material/index): images, videos and audio by tab, with upload, preview, rename, download and delete. */
export default function MaterialsPage() {
  const [type, setType] = useState<MaterialType>('image');
  const [uploading, setUploading] = useState(false);
  const [playing, setPlaying] = useState<MaterialItem | null>(null);
  const [renaming, setRenaming] = useState<MaterialItem | null>(null);
  const [downloading, setDownloading] = useState<DownloadTarget | null>(null);
  const { data, isLoading } = useMaterials(type);
  const remove = useDeleteMaterial();
  const rename = useRenameMaterial();
  const confirmDeletion = useConfirmDelete();
  const closeDownload = useCallback(() => setDownloading(null), []);

  const confirmDelete = (item: MaterialItem) =>
    confirmDeletion({
      title: materialsLabels.deleteTitle,
      content: filesMessages.confirmDelete,
      onDelete: () => remove.mutateAsync(item.id),
    });

  const list = data?.list ?? [];
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {materialsLabels.title}
        </Typography.Title>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          {materialsLabels.upload}
        </Button>
      </Flex>
      <Tabs
        activeKey={type}
        onChange={(k) => setType(k as MaterialType)}
        items={MATERIAL_TYPES.map((t) => ({ key: t, label: materialsLabels.tabs[t] }))}
        tabBarExtraContent={
          <Typography.Text type="secondary">{materialsLabels.count(data?.total ?? 0)}</Typography.Text>
        }
      />
      <Spin spinning={isLoading}>
        {list.length === 0 && !isLoading ? (
          <Empty description={filesMessages.empty} />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((item) => (
              <Col key={item.id} xs={12} sm={8} md={6} xl={4}>
                <MaterialCard
                  item={item}
                  onPlay={setPlaying}
                  onRename={setRenaming}
                  onDownload={(m) => setDownloading({ url: m.download_url, fileName: materialFileName(m) })}
                  onDelete={confirmDelete}
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <UploadMaterialDialog type={type} open={uploading} onClose={() => setUploading(false)} />
      <PlayerDialog item={playing} onClose={() => setPlaying(null)} />
      <NameDialog
        open={!!renaming}
        title={materialsLabels.renameTitle}
        initialName={renaming?.name ?? ''}
        placeholder={materialsLabels.namePlaceholder}
        requiredMessage={filesMessages.nameRequired}
        saving={rename.isPending}
        onSave={(name) => (renaming ? rename.mutateAsync({ id: renaming.id, name }) : Promise.resolve())}
        onClose={() => setRenaming(null)}
      />
      <DownloadDialog target={downloading} onClose={closeDownload} />
    </Flex>
  );
}
