import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { BATCH_TEMPLATE_PATH, type BatchRowInput } from '@app/contract';
import { env } from '../../../lib/env';
import { useParseSheet } from '../api/batch';
import { batchText as t } from '../messages';

/** A file's bytes in base64, as the sheet call takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Where a sheet comes from: the template, an uploaded CSV or XLSX, or rows pasted from a spreadsheet. */
export function SheetImport({ onRows }: { onRows: (rows: BatchRowInput[]) => void }) {
  const parse = useParseSheet();
  const [pasted, setPasted] = useState('');
  const template = (format: 'xlsx' | 'csv') => `${env.VITE_API_BASE}${BATCH_TEMPLATE_PATH}?format=${format}`;

  return (
    <Card title={t.importTitle}>
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} href={template('xlsx')} download>
            {t.templateXlsx}
          </Button>
          <Button icon={<DownloadOutlined />} href={template('csv')} download>
            {t.templateCsv}
          </Button>
        </Flex>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          disabled={parse.isPending}
          beforeUpload={(file) => {
            void base64Of(file).then((content) =>
              parse.mutateAsync({ file_name: file.name, content }).then((r) => onRows(r.rows)),
            );
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t.uploadHint}</p>
          <p className="ant-upload-hint">{t.uploadSub}</p>
        </Upload.Dragger>
        <Flex vertical gap={8}>
          <Typography.Text>{t.pasteLabel}</Typography.Text>
          <Input.TextArea
            aria-label={t.pasteLabel}
            placeholder={t.pastePlaceholder}
            autoSize={{ minRows: 3, maxRows: 8 }}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
          />
          <Flex justify="flex-end">
            <Button
              disabled={!pasted.trim()}
              loading={parse.isPending}
              onClick={() => void parse.mutateAsync({ text: pasted }).then((r) => onRows(r.rows))}
            >
              {t.readPaste}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
