import { DatePicker, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { CreditUsageRecord } from '@app/contract';
import dayjs, { type Dayjs } from '../../../lib/dayjs';
import { useState } from 'react';
import { useCreditUsage } from '../api/get-credit-log';
import { creditsMessages } from '../messages';

const PAGE_SIZE = 20;
type Range = [Dayjs | null, Dayjs | null] | null;

const presets = [
  {
    label: creditsMessages.lastWeek,
    value: (): [Dayjs, Dayjs] => [dayjs().subtract(7, 'day'), dayjs()],
  },
  {
    label: creditsMessages.lastMonth,
    value: (): [Dayjs, Dayjs] => [dayjs().subtract(1, 'month'), dayjs()],
  },
];

const columns: TableColumnsType<CreditUsageRecord> = [
  { title: creditsMessages.action, dataIndex: 'action_name' },
  {
    title: creditsMessages.amount,
    dataIndex: 'credits',
    // A phone's narrow column must not break "+100" after its sign.
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (credits: number) => (
      <Typography.Text type={credits < 0 ? 'danger' : 'success'}>
        {credits > 0 ? `+${credits}` : credits}
      </Typography.Text>
    ),
  },
  { title: creditsMessages.time, dataIndex: 'create_time' },
];

/** The usage log with 最近一周/最近一月 shortcuts; days after today cannot be picked. */
export function CreditUsageTable() {
  const [range, setRange] = useState<Range>(null);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useCreditUsage({
    page,
    limit: PAGE_SIZE,
    start_date: range?.[0]?.format('YYYY-MM-DD'),
    end_date: range?.[1]?.format('YYYY-MM-DD'),
  });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {creditsMessages.usageList}
        </Typography.Title>
        <DatePicker.RangePicker
          presets={presets}
          value={range}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
      </Flex>
      <Table<CreditUsageRecord>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </Flex>
  );
}
