import { Table, Typography, type TableColumnsType } from 'antd';
import {
  BATCH_COLUMNS,
  batchColumnLabels,
  type BatchColumn,
  type BatchRowCheck,
  type BatchRowInput,
} from '@app/contract';
import { batchText as t } from '../messages';

interface Line {
  no: number;
  input: BatchRowInput;
  check: BatchRowCheck | undefined;
}

const columnWidths: Record<BatchColumn, number> = {
  name: 120,
  script: 260,
  avatar: 110,
  voice: 110,
  channel: 150,
  captions: 80,
  background: 90,
};

/** What a checked cell shows besides what was written: the name it resolved to. */
function resolved(column: BatchColumn, check: BatchRowCheck | undefined): string {
  if (!check || check.errors.length) return '';
  if (column === 'channel') return check.channel_name;
  return '';
}

/** The sheet's rows as checked: each cell with its own refusal under it, in red. */
export function RowsTable({
  rows,
  checks,
  loading,
}: {
  rows: BatchRowInput[];
  checks: BatchRowCheck[];
  loading: boolean;
}) {
  const lines: Line[] = rows.map((input, i) => ({ no: i + 1, input, check: checks[i] }));
  const cellColumn = (column: BatchColumn): TableColumnsType<Line>[number] => ({
    title: batchColumnLabels[column],
    key: column,
    width: columnWidths[column],
    render: (_, { input, check }) => {
      const errors = check?.errors.filter((e) => e.column === column) ?? [];
      const shown = input[column] || resolved(column, check);
      return (
        <div data-cell={column} aria-invalid={errors.length > 0 || undefined}>
          {shown && (
            <Typography.Paragraph
              style={{ margin: 0 }}
              ellipsis={column === 'script' ? { rows: 2, tooltip: input.script } : false}
              type={input[column] ? undefined : 'secondary'}
            >
              {shown}
            </Typography.Paragraph>
          )}
          {errors.map((e) => (
            <Typography.Text key={e.message} type="danger" style={{ display: 'block', fontSize: 12 }}>
              {e.message}
            </Typography.Text>
          ))}
        </div>
      );
    },
  });
  const columns: TableColumnsType<Line> = [
    { title: t.rowNo, key: 'row', width: 56, fixed: 'left', dataIndex: 'no' },
    ...BATCH_COLUMNS.map(cellColumn),
    {
      title: t.price,
      key: 'price',
      width: 90,
      render: (_, { check }) => (check && !check.errors.length ? t.credits(check.credits) : ''),
    },
  ];
  return (
    <Table<Line>
      rowKey="no"
      size="small"
      columns={columns}
      dataSource={lines}
      loading={loading}
      pagination={false}
      scroll={{ x: 1070, y: 480 }}
      aria-label={t.rowsTitle}
    />
  );
}
