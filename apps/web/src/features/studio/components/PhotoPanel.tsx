import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Row, Spin, Tabs, theme, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Photo } from '@app/contract';
import { usePhotos, type PhotoSource, type PhotoType } from '../../../entities/photos';
import { studioText as t } from '../messages';

interface PhotoPanelProps {
  type: PhotoType;
  tab: PhotoSource;
  onTabChange: (tab: PhotoSource) => void;
  value: number | null;
  onChange: (photo: Photo) => void;
}

/** Where a new picture is uploaded: /pet?type= opens the pet upload dialog, imageSpeak's my-uploads tab has the tile. */
const uploadPath = (type: PhotoType) => (type === 2 ? '/pet?type=1' : '/store/imageSpeak?type=1');

/** Choosing the picture of a pet or photo-speak video: the public library or my uploads, and a link to upload. */
export function PhotoPanel({ type, tab, onTabChange, value, onChange }: PhotoPanelProps) {
  const pet = type === 2;
  const publicOnes = usePhotos(type, '2');
  const mine = usePhotos(type, '1');
  const list = (source: PhotoSource) => {
    const q = source === '2' ? publicOnes : mine;
    if (q.isPending) return <Spin style={{ display: 'block', padding: 24 }} />;
    if (!q.data?.list.length)
      return (
        <Empty description={t.noPhotos(pet)}>
          <Link to={uploadPath(type)}>{t.goUpload}</Link>
        </Empty>
      );
    return <PhotoChoices photos={q.data.list} value={value} onChange={onChange} />;
  };
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={(k) => onTabChange(k as PhotoSource)}
      tabBarExtraContent={
        <Link to={uploadPath(type)}>
          <Button size="small" type="link" icon={<UploadOutlined />}>
            {t.goUpload}
          </Button>
        </Link>
      }
      items={[
        { key: '2', label: t.photoLibrary(pet), children: list('2') },
        { key: '1', label: t.myUploads, children: list('1') },
      ]}
    />
  );
}

function PhotoChoices({
  photos,
  value,
  onChange,
}: {
  photos: Photo[];
  value: number | null;
  onChange: (p: Photo) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[8, 8]} style={{ maxHeight: 420, overflowY: 'auto' }}>
      {photos.map((p) => {
        const chosen = p.id === value;
        return (
          <Col key={p.id} span={12}>
            <button
              type="button"
              aria-pressed={chosen}
              aria-label={p.name}
              onClick={() => onChange(p)}
              style={{
                display: 'block',
                width: '100%',
                padding: 0,
                cursor: 'pointer',
                position: 'relative',
                background: token.colorFillSecondary,
                border: `2px solid ${chosen ? token.colorPrimary : 'transparent'}`,
                borderRadius: token.borderRadius,
                overflow: 'hidden',
              }}
            >
              <img
                src={p.cover}
                alt={p.name}
                loading="lazy"
                style={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover', display: 'block' }}
              />
              {chosen && (
                <CheckCircleFilled
                  style={{ position: 'absolute', top: 6, right: 6, color: token.colorPrimary, fontSize: 18 }}
                />
              )}
              <Flex style={{ padding: '2px 6px' }}>
                <Typography.Text ellipsis style={{ fontSize: 12 }}>
                  {p.name}
                </Typography.Text>
              </Flex>
            </button>
          </Col>
        );
      })}
    </Row>
  );
}
