import { Card, Col, Empty, Flex, Row, Spin, theme, Typography } from 'antd';
import { useMaterials } from '../../../entities/materials';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** The material library's videos as avatars: a still of each (first frame), its name and length. */
export function MaterialVideoList() {
  const videos = useMaterials('video');
  const chosen = useStudioStore((s) => s.avatar);
  const choose = useStudioStore((s) => s.chooseMaterialVideo);
  const { token } = theme.useToken();
  if (videos.isPending) return <Spin style={{ display: 'block', padding: 32 }} />;
  const list = videos.data?.list ?? [];
  if (list.length === 0) return <Empty description={t.noMaterialVideos} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Row gutter={[8, 8]}>
      {list.map((m) => {
        const selected = chosen?.kind === 'material' && chosen.id === m.file_id;
        return (
          <Col key={m.id} span={12}>
            <Card
              hoverable
              size="small"
              role="group"
              aria-label={m.name}
              aria-selected={selected}
              onClick={() => choose(m)}
              style={{
                borderColor: selected ? token.colorPrimary : undefined,
                boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              }}
              styles={{ body: { padding: 8 } }}
              cover={
                <div style={{ aspectRatio: '3 / 4', background: '#000', overflow: 'hidden' }}>
                  {/* #t= makes the browser show a frame from the start instead of a black box. */}
                  <video
                    src={`${m.url}#t=0.1`}
                    preload="metadata"
                    muted
                    playsInline
                    aria-hidden
                    style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                  />
                </div>
              }
            >
              <Flex justify="space-between" align="center" gap={4}>
                <Typography.Text ellipsis={{ tooltip: m.name }} style={{ minWidth: 0 }}>
                  {m.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                  {t.seconds(Math.round(m.duration))}
                </Typography.Text>
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
