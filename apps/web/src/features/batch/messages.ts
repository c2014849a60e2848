import { batchMessages } from '@app/contract';

/** Words of the batch page: the contract's, and the labels only the web app shows. */
export const batchText = {
  ...batchMessages,
  templateXlsx: '下载模板（XLSX）',
  templateCsv: '下载模板（CSV）',
  importTitle: '导入表格',
  uploadHint: '点击或拖入 CSV / XLSX 表格',
  uploadSub: '第一行为列名：名称、台词、数字人、声音、通道、字幕、背景；每行一条视频，最多 100 行',
  pasteLabel: '或粘贴表格内容',
  pastePlaceholder: '从 Excel / WPS 复制包含列名的多行内容，粘贴到这里',
  readPaste: '识别粘贴内容',
  rowsTitle: '检查结果',
  rowNo: '行',
  price: '预计消耗',
  creditsColumn: '积分',
  credits: (n: number) => `${n} 积分`,
  summary: (rows: number, invalid: number) =>
    invalid ? `共 ${rows} 行，${invalid} 行未通过检查` : `共 ${rows} 行，全部通过检查`,
  total: (credits: number, held: number, balance: number) =>
    `预计消耗 ${credits} 积分（提交时预留 ${held} 积分，按每条视频的实际时长结算）；当前可用 ${balance} 积分`,
  batchName: '批次名称',
  batchNamePlaceholder: '选填，便于在进度列表中查找',
  submit: '提交',
  progressTitle: '批次进度',
  noBatches: '还没有提交过批次',
  createTime: '提交时间',
  progress: '进度',
  counts: (done: number, failed: number, running: number) => `已完成 ${done} · 失败 ${failed} · 生成中 ${running}`,
  downloadAll: '下载全部(ZIP)',
  details: '明细',
  status: '状态',
  failReason: '失败原因',
  checking: '正在检查…',
} as const;
