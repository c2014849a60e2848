import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import type { BatchRowInput, DataOf, previewBatch } from '@app/contract';
import { usePreviewBatch, useSubmitBatch } from '../api/batch';
import { BatchList } from '../components/BatchList';
import { RowsTable } from '../components/RowsTable';
import { SheetImport } from '../components/SheetImport';
import { batchText as t } from '../messages';

type Preview = DataOf<typeof previewBatch>;

/** Batch videos: a sheet in, every row checked and priced, one submission, then the batch's progress and ZIP. */
export default function BatchPage() {
  const [rows, setRows] = useState<BatchRowInput[]>([]);
  const [checked, setChecked] = useState<Preview | null>(null);
  const [name, setName] = useState('');
  const preview = usePreviewBatch();
  const submit = useSubmitBatch();

  const load = (next: BatchRowInput[]) => {
    setRows(next);
    setChecked(null);
    void preview.mutateAsync(next).then(setChecked);
  };
  const send = () =>
    void submit
      .mutateAsync({ name: name.trim(), rows })
      .then(() => {
        setRows([]);
        setChecked(null);
        setName('');
      })
      // A row refused at submission (changed meanwhile) is shown in the table again.
      .catch(() => preview.mutateAsync(rows).then(setChecked));

  const ready = checked !== null && checked.invalid === 0 && rows.length > 0;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t.pageTitle}
      </Typography.Title>
      <Card>
        <Typography.Paragraph style={{ margin: 0 }}>{t.pageIntro}</Typography.Paragraph>
      </Card>
      <SheetImport onRows={load} />
      {rows.length > 0 && (
        <Card title={t.rowsTitle}>
          <Flex vertical gap={16}>
            {checked && (
              <Alert
                type={checked.invalid ? 'error' : 'success'}
                showIcon
                title={t.summary(rows.length, checked.invalid)}
                description={t.total(checked.credits, checked.held, checked.balance)}
              />
            )}
            <RowsTable rows={rows} checks={checked?.rows ?? []} loading={preview.isPending} />
            <Flex gap={12} wrap align="center" justify="flex-end">
              <Input
                aria-label={t.batchName}
                placeholder={t.batchNamePlaceholder}
                maxLength={64}
                value={name}
                onChange={(e) => setName(e.target.value)}
                style={{ maxWidth: 320 }}
              />
              <Button type="primary" disabled={!ready} loading={submit.isPending} onClick={send}>
                {t.submit}
              </Button>
            </Flex>
          </Flex>
        </Card>
      )}
      <BatchList />
    </Flex>
  );
}
