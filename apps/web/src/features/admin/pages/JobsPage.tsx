import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { DEAD_LETTER, JOB_STATES, jobStateLabels, type ConsoleJobRow, type JobState } from '@app/contract';
import { AdminLayout, usePagedFilters } from '../../../components/admin-layout';
import { useConsoleJobs, useJobDetail, useRefundJob, useRetryJob } from '../api/jobs';
import { adminText as t } from '../messages';

const stateColor: Record<JobState, string> = {
  created: 'blue',
  retry: 'orange',
  active: 'processing',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
};
type Ref = { queue: string; id: string };

/** One job: its error in full, the credits it holds, retry and a once-only refund. */
function JobDrawer({ job, onClose }: { job: Ref | null; onClose: () => void }) {
  const detail = useJobDetail(job);
  const retry = useRetryJob();
  const refund = useRefundJob();
  const d = detail.data;
  const failed = d && (d.job.state === 'failed' || d.job.queue === DEAD_LETTER);
  return (
    <Drawer open={job !== null} onClose={onClose} title={t.jobDetail} width={640} destroyOnHidden>
      {d && (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="ID">{d.job.id}</Descriptions.Item>
            <Descriptions.Item label={t.jobQueue}>{d.job.queue}</Descriptions.Item>
            <Descriptions.Item label={t.jobState}>
              <Tag color={stateColor[d.job.state]}>{jobStateLabels[d.job.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.jobRetries}>{`${d.job.retry_count} / ${d.job.retry_limit}`}</Descriptions.Item>
            <Descriptions.Item label={t.jobCreated}>{d.job.create_time}</Descriptions.Item>
            <Descriptions.Item label={t.jobFinished}>{d.job.finish_time || '—'}</Descriptions.Item>
            <Descriptions.Item label={t.jobPayload}>
              <Typography.Text code>{d.job.payload}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t.jobError}>
              <Typography.Text type="danger">{d.job.error || '—'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t.jobHold}>
              {d.hold ? (
                <Space>
                  <span>{`${d.hold.action_name} · ${d.hold.held} 积分 · 用户 #${d.hold.user_id}`}</span>
                  <Tag color={d.hold.status === 'held' ? 'orange' : 'default'}>{t.holdStatus[d.hold.status]}</Tag>
                </Space>
              ) : (
                t.noHold
              )}
            </Descriptions.Item>
          </Descriptions>
          {d.stack && (
            <div>
              <Typography.Text strong>{t.jobStack}</Typography.Text>
              <pre style={{ maxHeight: 240, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>
                {d.stack}
              </pre>
            </div>
          )}
          <Space>
            <Button
              disabled={d.job.state !== 'failed' || d.job.queue === DEAD_LETTER}
              loading={retry.isPending}
              onClick={() =>
                retry.mutate({ queue: d.job.queue, id: d.job.id }, { onSuccess: () => void detail.refetch() })
              }
            >
              {t.retryJob}
            </Button>
            <Popconfirm
              title={t.refundConfirm(d.hold?.held ?? 0)}
              disabled={!failed || d.hold?.status !== 'held'}
              onConfirm={() =>
                refund.mutate({ queue: d.job.queue, id: d.job.id }, { onSuccess: () => void detail.refetch() })
              }
            >
              <Button danger disabled={!failed || d.hold?.status !== 'held'} loading={refund.isPending}>
                {t.refundJob}
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      )}
    </Drawer>
  );
}

/** Jobs: every queue's jobs by state with queue positions, failed ones' errors, the dead-letter queue. */
export default function JobsPage() {
  const paged = usePagedFilters({ queue: '', state: '' as JobState | '', internal: 0 as 0 | 1 });
  const { queue, state, internal } = paged.filters;
  const [open, setOpen] = useState<Ref | null>(null);
  const jobs = useConsoleJobs({ ...paged.params, state: state || undefined });
  // The operator's name for each queue; the queue's own housekeeping only with the switch on.
  const queues = useMemo(() => new Map((jobs.data?.queues ?? []).map((q) => [q.queue, q])), [jobs.data?.queues]);
  const nameOf = (q: string) => (q === DEAD_LETTER ? t.deadLetters : (queues.get(q)?.label ?? q));
  const summary = useMemo(() => {
    const by = new Map<string, Record<string, number>>();
    for (const c of jobs.data?.counts ?? [])
      if (internal || !queues.get(c.queue)?.internal) by.set(c.queue, { ...by.get(c.queue), [c.state]: c.count });
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [jobs.data?.counts, queues, internal]);

  return (
    <AdminLayout
      title={t.menuJobs}
      extra={
        <Space wrap>
          <Space size={6}>
            <Switch
              size="small"
              checked={internal === 1}
              onChange={(on) => paged.setFilter('internal', on ? 1 : 0)}
              aria-label={t.internalQueues}
            />
            <Typography.Text type="secondary">{t.internalQueues}</Typography.Text>
          </Space>
          <Select
            value={queue}
            style={{ width: 220 }}
            aria-label={t.jobQueue}
            onChange={(v) => paged.setFilter('queue', v)}
            options={[
              { value: '', label: t.allQueues },
              { value: DEAD_LETTER, label: t.deadLetters },
              ...summary.filter(([q]) => q !== DEAD_LETTER).map(([q]) => ({ value: q, label: nameOf(q) })),
            ]}
          />
          <Select
            value={state}
            style={{ width: 140 }}
            aria-label={t.jobState}
            onChange={(v) => paged.setFilter('state', v)}
            options={[
              { value: '', label: t.allStates },
              ...JOB_STATES.map((s) => ({ value: s, label: jobStateLabels[s] })),
            ]}
          />
        </Space>
      }
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex wrap gap={8}>
          {summary.map(([q, c]) => (
            <Tag
              key={q}
              color={q === DEAD_LETTER ? 'red' : (c.failed ?? 0) > 0 ? 'volcano' : 'default'}
              style={{ cursor: 'pointer' }}
              onClick={() => paged.setFilter('queue', q)}
            >
              {`${nameOf(q)}：${t.queueSummary((c.created ?? 0) + (c.retry ?? 0), c.active ?? 0, c.failed ?? 0)}`}
            </Tag>
          ))}
        </Flex>
      </Card>
      <Card>
        <Table<ConsoleJobRow>
          rowKey="id"
          size="middle"
          {...paged.tableProps(jobs)}
          loading={jobs.isFetching && !jobs.data}
          columns={[
            {
              title: t.jobQueue,
              dataIndex: 'queue',
              width: 200,
              render: (q: string) => (
                <Flex vertical>
                  <span>{nameOf(q)}</span>
                  {nameOf(q) !== q && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {q}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t.jobState,
              dataIndex: 'state',
              width: 100,
              render: (s: JobState) => <Tag color={stateColor[s]}>{jobStateLabels[s]}</Tag>,
            },
            { title: t.jobPosition, dataIndex: 'position', width: 90, render: (p: number) => (p ? p : '—') },
            {
              title: t.jobRetries,
              key: 'retries',
              width: 90,
              render: (_, j) => `${j.retry_count} / ${j.retry_limit}`,
            },
            { title: t.jobCreated, dataIndex: 'create_time', width: 170 },
            {
              title: t.jobError,
              dataIndex: 'error',
              ellipsis: true,
              render: (e: string) => <Typography.Text type="danger">{e}</Typography.Text>,
            },
            {
              title: t.actions,
              key: 'actions',
              width: 90,
              render: (_, j) => (
                <Button
                  size="small"
                  onClick={() => setOpen({ queue: j.queue, id: j.id })}
                  aria-label={`${t.detail} ${j.id}`}
                >
                  {t.detail}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <JobDrawer job={open} onClose={() => setOpen(null)} />
    </AdminLayout>
  );
}
