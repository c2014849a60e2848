import { DeleteOutlined, EyeOutlined, FileTextOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Table, Tag, theme, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { VIRAL_STATUS, type ViralProject } from '@app/contract';
import { useDeleteProject, useProjects } from '../api/viral';
import { ViralTabs } from '../components/ViralTabs';
import { viralText as t } from '../messages';

function StatusTag({ p }: { p: ViralProject }) {
  if (p.status === VIRAL_STATUS.running) return <Tag color="processing">{p.step || t.running}</Tag>;
  if (p.status === VIRAL_STATUS.failed) return <Tag color="error">{t.failed}</Tag>;
  return <Tag color="success">{t.done}</Tag>;
}

/** The analysed video's cover (a pasted text, or a video still being extracted, shows its kind instead). */
function ProjectCover({ p }: { p: ViralProject }) {
  const { token } = theme.useToken();
  const box = {
    width: 54,
    height: 72,
    flex: 'none',
    borderRadius: token.borderRadiusSM,
    background: token.colorFillSecondary,
    color: token.colorTextTertiary,
    fontSize: 20,
    overflow: 'hidden',
  } as const;
  if (!p.cover)
    return (
      <Flex align="center" justify="center" style={box} aria-hidden>
        {p.link ? <VideoCameraOutlined /> : <FileTextOutlined />}
      </Flex>
    );
  return (
    <img
      src={p.cover}
      alt={t.coverOf(p.title || p.link)}
      loading="lazy"
      decoding="async"
      width={54}
      height={72}
      style={{ ...box, objectFit: 'cover', display: 'block' }}
    />
  );
}

/** 我的项目 (/explosiveAnalysis/project): every analysis kept, newest first. */
export default function ProjectsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data, isLoading } = useProjects();
  const remove = useDeleteProject();
  const list = data?.list ?? [];
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <ViralTabs intro={t.intro} tool="explosiveAnalysis" />
      <Card size="small">
        {!isLoading && !list.length ? (
          <Empty description={t.noProjects} />
        ) : (
          <Table<ViralProject>
            rowKey="id"
            loading={isLoading}
            dataSource={list}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              {
                title: t.projects,
                render: (_, p) => (
                  <Flex gap={12} align="center">
                    <ProjectCover p={p} />
                    <Flex vertical style={{ minWidth: 0 }}>
                      <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
                        {p.title || p.link}
                      </Typography.Text>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 360 }}>
                        {p.link ? p.link : t.fromText}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                ),
              },
              { title: t.beats, width: 90, render: (_, p) => (p.report ? p.report.beats.length : '-') },
              { title: '状态', width: 140, render: (_, p) => <StatusTag p={p} /> },
              { title: '时间', dataIndex: 'create_time', width: 170 },
              {
                title: '操作',
                width: 170,
                render: (_, p) => (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      onClick={() => void navigate(`/explosiveAnalysis/video?id=${p.id}`)}
                    >
                      {t.open}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        void modal.confirm({
                          title: t.deleteTitle,
                          content: t.deleteConfirm,
                          okButtonProps: { danger: true },
                          onOk: async () => {
                            await remove.mutateAsync(p.id);
                          },
                        })
                      }
                    >
                      {t.delete}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}
