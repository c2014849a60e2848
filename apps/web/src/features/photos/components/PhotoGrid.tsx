import { DeleteOutlined, PlusOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { Photo } from '@app/contract';
import { MediaCard } from '../../../components/media-card/MediaCard';
import { photosText as t } from '../messages';

interface PhotoGridProps {
  photos: Photo[] | undefined;
  loading: boolean;
  empty: ReactNode;
  onCreate: (photo: Photo) => void;
  /** Own uploads only. */
  onDelete?: (photo: Photo) => void;
  /** A first tile that uploads a new picture. */
  uploadTile?: { label: string; onClick: () => void };
}

/** Pictures of a library; hovering one offers create-video, and delete for own uploads. */
export function PhotoGrid({ photos, loading, empty, onCreate, onDelete, uploadTile }: PhotoGridProps) {
  const { token } = theme.useToken();
  if (loading) return <Spin style={{ display: 'block', padding: 48 }} />;
  const col = { xs: 12, sm: 8, md: 6, xl: 4 };
  if (!photos?.length && !uploadTile) return <>{empty}</>;
  return (
    <Row gutter={[16, 16]}>
      {uploadTile && (
        <Col {...col}>
          <Card
            hoverable
            size="small"
            role="button"
            aria-label={uploadTile.label}
            onClick={uploadTile.onClick}
            style={{ height: '100%', borderStyle: 'dashed' }}
            styles={{ body: { height: '100%', padding: 8 } }}
          >
            <Flex
              vertical
              align="center"
              justify="center"
              gap={8}
              style={{ aspectRatio: '3 / 4', color: token.colorTextSecondary }}
            >
              <PlusOutlined style={{ fontSize: 28 }} />
              <Typography.Text type="secondary">{uploadTile.label}</Typography.Text>
            </Flex>
          </Card>
        </Col>
      )}
      {photos?.map((photo) => (
        <Col key={photo.id} {...col}>
          <MediaCard
            title={photo.name}
            cover={photo.cover}
            aspect={3 / 4}
            fit="contain"
            actions={
              <>
                <Button type="primary" icon={<VideoCameraAddOutlined />} onClick={() => onCreate(photo)}>
                  {t.createVideo}
                </Button>
                {onDelete && (
                  <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(photo)}>
                    {t.delete}
                  </Button>
                )}
              </>
            }
          />
        </Col>
      ))}
      {!photos?.length && uploadTile && (
        <Col {...col}>
          <Flex align="center" style={{ height: '100%' }}>
            <Typography.Text type="secondary">{t.myUploadsEmpty}</Typography.Text>
          </Flex>
        </Col>
      )}
    </Row>
  );
}
