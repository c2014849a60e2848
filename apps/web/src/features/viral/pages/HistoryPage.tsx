import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { COZE_RUN_STATUS, type CozeRun } from '@app/contract';
import { useDeleteRun, useRuns } from '../api/viral';
import { PageTitle } from '../components/ViralTabs';
import { viralText as t } from '../messages';

/** 生成记录 (/cozeVideo/history): the one-click runs, drafts to finish and submitted ones. */
export default function HistoryPage() {
  const navigate = useNavigate();
  const { data, isLoading } = useRuns();
  const remove = useDeleteRun();
  const list = data?.list ?? [];
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <PageTitle
        title={t.history}
        intro={t.cozeIntro}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/cozeVideo')}>
            {t.newRun}
          </Button>
        }
      />
      <Card size="small">
        {!isLoading && !list.length ? (
          <Empty description={t.noRuns} />
        ) : (
          <Table<CozeRun>
            rowKey="id"
            loading={isLoading}
            dataSource={list}
            scroll={{ x: 600 }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              {
                title: t.copyTopic,
                render: (_, r) => (
                  <Flex vertical>
                    <Typography.Text strong>{r.topic}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.style}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: t.sceneCount, width: 80, render: (_, r) => r.scenes.length },
              {
                title: '状态',
                width: 100,
                render: (_, r) =>
                  r.status === COZE_RUN_STATUS.submitted ? (
                    <Tag color="success">{t.submittedStatus}</Tag>
                  ) : (
                    <Tag color="warning">{t.draftStatus}</Tag>
                  ),
              },
              { title: '时间', dataIndex: 'create_time', width: 170 },
              {
                title: '操作',
                width: 170,
                render: (_, r) => (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => void navigate(`/cozeVideo/editVideo?id=${r.id}`)}
                    >
                      {r.status === COZE_RUN_STATUS.draft ? t.edit : t.open}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => void remove.mutateAsync(r.id).catch(() => undefined)}
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
