import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { consoleDashboard, DASHBOARD_DAYS, type ConsoleDashboard } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout } from '../../../components/admin-layout';
import { EChart, type ChartOption } from '../components/EChart';
import { adminText as t } from '../messages';

/** The last DASHBOARD_DAYS days as 'YYYY-MM-DD', oldest first, so days without rows still show. */
function lastDays(now = new Date()): string[] {
  return Array.from({ length: DASHBOARD_DAYS + 1 }, (_, i) => {
    const d = new Date(now.getTime() - (DASHBOARD_DAYS - i) * 86_400_000);
    return d.toISOString().slice(0, 10);
  });
}

const axis = (days: string[]) => ({ type: 'category', data: days.map((d) => d.slice(5)) });

function charts(d: ConsoleDashboard): Record<'users' | 'credits' | 'works' | 'engines', ChartOption> {
  const days = lastDays();
  const on = <T extends { day: string }>(rows: T[], pick: (r: T) => number) =>
    days.map((day) => rows.filter((r) => r.day === day).reduce((n, r) => n + pick(r), 0));
  const kinds = [...new Set(d.works.map((w) => w.kind))];
  const engines = d.engines.map((e) => `${e.kind}/${e.engine}`);
  return {
    users: {
      xAxis: axis(days),
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t.newUsers, type: 'line', smooth: true, data: on(d.users.per_day, (r) => r.users) },
        { name: t.newGuests, type: 'line', smooth: true, data: on(d.users.per_day, (r) => r.guests) },
      ],
    },
    credits: {
      xAxis: axis(days),
      yAxis: { type: 'value' },
      series: [
        { name: t.sold, type: 'bar', data: on(d.credits, (r) => r.sold) },
        { name: t.spent, type: 'bar', data: on(d.credits, (r) => r.spent) },
        { name: t.expiredCredits, type: 'bar', data: on(d.credits, (r) => r.expired) },
      ],
    },
    works: {
      xAxis: axis(days),
      yAxis: { type: 'value', minInterval: 1 },
      series: kinds.map((kind) => ({
        name: kind,
        type: 'bar',
        stack: 'works',
        data: on(
          d.works.filter((w) => w.kind === kind),
          (r) => r.count,
        ),
      })),
    },
    engines: {
      xAxis: { type: 'category', data: engines },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      ],
      series: [
        { name: t.queued, type: 'bar', stack: 'load', data: d.engines.map((e) => e.queued) },
        { name: t.running, type: 'bar', stack: 'load', data: d.engines.map((e) => e.running) },
        {
          name: t.failureRate,
          type: 'line',
          yAxisIndex: 1,
          data: d.engines.map((e) => (e.total ? Math.round((e.failed / e.total) * 100) : 0)),
        },
      ],
    },
  };
}

/** Dashboard: users, credits sold / spent / expired, works by kind, engine queues and failure rates. */
export default function DashboardPage() {
  const data = useQuery({
    queryKey: [ACCOUNT_SCOPE, 'console', 'dashboard'],
    queryFn: () => call(consoleDashboard, {}),
    refetchInterval: 60_000,
  });
  const options = useMemo(() => (data.data ? charts(data.data) : null), [data.data]);
  const d = data.data;
  const blocks = [
    { key: 'users', title: t.chartUsers },
    { key: 'credits', title: t.chartCredits },
    { key: 'works', title: t.chartWorks },
    { key: 'engines', title: t.chartEngines },
  ] as const;
  return (
    <AdminLayout title={t.menuDashboard}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t.totalUsers} value={d ? d.users.total - d.users.guests : '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t.totalGuests} value={d?.users.guests ?? '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t.queuedNow} value={d ? d.engines.reduce((n, e) => n + e.queued, 0) : '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t.runningNow} value={d ? d.engines.reduce((n, e) => n + e.running, 0) : '-'} />
          </Card>
        </Col>
        {blocks.map((b) => (
          <Col key={b.key} xs={24} xl={12}>
            <Card title={b.title} loading={!options}>
              {options && <EChart option={options[b.key]} label={b.title} />}
            </Card>
          </Col>
        ))}
      </Row>
    </AdminLayout>
  );
}
