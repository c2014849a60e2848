import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { MaterialItem, Photo } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { useMaterials } from '../../../entities/materials';
import { usePhotos, type PhotoType } from '../../../entities/photos';
import { useThrottled } from '../../../lib/rate-limit';
import { useDeletePhoto, useSavePhoto } from '../api/photo-mutations';
import { PhotoGrid } from '../components/PhotoGrid';
import { PhotoUploadDialog } from '../components/PhotoUploadDialog';
import { libraryText, photosText as t } from '../messages';

/** Tabs: the public library (source 2), my uploads (source 1) and, for person images, the material library. */
type LibraryTab = '2' | '1' | '3';

/**
 * The pet library (/pet, type 2) and the person-image library (/store/imageSpeak, type 1). /pet?type=
 * opens the upload dialog; /store/imageSpeak?type= opens a tab (1 mine, 2 library, 3 materials).
 */
export function PhotoLibraryPage({ type }: { type: PhotoType }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const l = libraryText(type);
  const queryType = search.get('type');
  const [tab, setTab] = useState<LibraryTab>(
    type === 1 && (queryType === '1' || queryType === '3') ? queryType : type === 2 && queryType ? '1' : '2',
  );
  const [uploading, setUploading] = useState(type === 2 && queryType !== null);
  const publicOnes = usePhotos(type, '2');
  const mine = usePhotos(type, '1');
  const materials = useMaterials('image', type === 1 && tab === '3');
  const remove = useDeletePhoto();
  const save = useSavePhoto();
  const confirmDeletion = useConfirmDelete();

  const create = useThrottled(
    (photo: Photo) => void navigate(`${l.createPath}?id=${photo.id}&source=${photo.source}`),
    1000,
  );
  const confirmDelete = (photo: Photo) =>
    confirmDeletion({
      title: t.deleteTitle,
      content: t.confirmDelete,
      onDelete: () => remove.mutateAsync(photo.id),
    });
  // A picture of the material library joins my uploads first: a video is always made from a library picture.
  const createFromMaterial = useThrottled((item: MaterialItem) => {
    void save
      .mutateAsync({ name: item.name.slice(0, 64), fileId: item.file_id, type })
      .then(({ id }) => navigate(`${l.createPath}?id=${id}&source=1`))
      .catch(() => undefined);
  }, 1000);
  const open = useThrottled(() => setUploading(true), 1000);
  const uploadButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={open}>
      {l.uploadButton}
    </Button>
  );

  const materialPhotos: Photo[] = (materials.data?.list ?? []).map((m) => ({
    id: m.id,
    name: m.name,
    cover: m.cover,
    url: m.url,
    source: 3,
    type,
    width: m.width,
    height: m.height,
    create_time: m.create_time,
  }));

  const items = [
    {
      key: '2',
      label: l.library,
      children: (
        <PhotoGrid
          photos={publicOnes.data?.list}
          loading={publicOnes.isPending}
          onCreate={create}
          empty={<Empty description={l.libraryEmpty} style={{ padding: 48 }} />}
        />
      ),
    },
    {
      key: '1',
      label: t.myUploads,
      children: (
        <PhotoGrid
          photos={mine.data?.list}
          loading={mine.isPending}
          onCreate={create}
          onDelete={confirmDelete}
          // Person images: the upload tile leads on to photo-speak with the new picture chosen.
          uploadTile={{ label: l.uploadButton, onClick: open }}
          empty={null}
        />
      ),
    },
    ...(type === 1
      ? [
          {
            key: '3',
            label: t.materialLibrary,
            children: (
              <PhotoGrid
                photos={materialPhotos}
                loading={materials.isPending}
                onCreate={(p) => {
                  const item = materials.data?.list.find((m) => m.id === p.id);
                  if (item) createFromMaterial(item);
                }}
                empty={<Empty description={t.materialEmpty} style={{ padding: 48 }} />}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {l.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t.count(
              tab === '1'
                ? (mine.data?.total ?? 0)
                : tab === '2'
                  ? (publicOnes.data?.total ?? 0)
                  : materialPhotos.length,
            )}
          </Typography.Text>
        </Flex>
        {uploadButton}
      </Flex>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as LibraryTab)} items={items} />
      <PhotoUploadDialog
        type={type}
        open={uploading}
        onClose={() => setUploading(false)}
        onSaved={(id) => {
          setTab('1');
          if (type === 1) void navigate(`${l.createPath}?id=${id}&source=1`);
        }}
      />
    </Flex>
  );
}
