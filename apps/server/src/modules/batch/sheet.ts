import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  BATCH_COLUMNS,
  BATCH_ROWS_MAX,
  batchColumnLabels,
  batchMessages as m,
  type BatchColumn,
  type BatchRowInput,
} from '@app/contract';
import { AppError } from '../../platform/errors.js';

/** Headers a sheet may use for each column besides the template's own and the English keys. */
const HEADER_ALIASES: Record<BatchColumn, string[]> = {
  name: ['视频名称', '作品名称', '标题'],
  script: ['文案', '脚本', '口播文案'],
  avatar: ['数字分身', '分身', '形象'],
  voice: ['音色', '配音'],
  channel: ['视频通道', '渠道'],
  captions: ['字幕样式'],
  background: ['背景图', '背景颜色'],
};

const headerKey = (text: string) => text.replace(/\s+/g, '').toLowerCase();

const columnOfHeader = new Map<string, BatchColumn>(
  BATCH_COLUMNS.flatMap((c) => [c, batchColumnLabels[c], ...HEADER_ALIASES[c]].map((h) => [headerKey(h), c] as const)),
);

/** A row with every cell empty. */
export const blankRow = (): BatchRowInput =>
  Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])) as Record<BatchColumn, string>;

/** The grid's rows as batch rows: the first row names the columns; empty rows are left out. */
export function rowsOfGrid(grid: string[][]): BatchRowInput[] {
  const [header, ...body] = grid;
  const columns = (header ?? []).map((h) => columnOfHeader.get(headerKey(h)));
  if (!['script', 'avatar', 'voice'].every((c) => columns.includes(c as BatchColumn)))
    throw new AppError(m.sheetNoHeader);
  const rows = body
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => {
      const row = blankRow();
      columns.forEach((column, i) => {
        if (column) row[column] = (cells[i] ?? '').trim();
      });
      return row;
    });
  if (!rows.length) throw new AppError(m.sheetEmpty);
  if (rows.length > BATCH_ROWS_MAX) throw new AppError(m.tooManyRows);
  return rows;
}

/** CSV or tab-separated text (rows pasted from a spreadsheet): the separator is detected. */
export function gridOfText(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data.map((cells) => cells.map(String));
}

/** Text of a CSV file: UTF-8, else GB18030 (what Excel writes on Chinese Windows). */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The first worksheet of an XLSX file as text cells (numbers, dates and formulas as Excel shows them). */
async function gridOfXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text ?? '');
    grid[n - 1] = cells;
  });
  return Array.from(grid, (cells) => cells ?? []);
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The rows of an uploaded sheet: an XLSX workbook (by its content, whatever its name) or a CSV file. */
export async function rowsOfFile(bytes: Buffer): Promise<BatchRowInput[]> {
  let grid: string[][];
  try {
    grid = isZip(bytes) ? await gridOfXlsx(bytes) : gridOfText(decodeCsv(bytes));
  } catch {
    throw new AppError(m.sheetUnreadable);
  }
  return rowsOfGrid(grid);
}

/** The template's rows: the header and one example. */
export const templateGrid = (example: BatchRowInput): string[][] => [
  BATCH_COLUMNS.map((c) => batchColumnLabels[c]),
  BATCH_COLUMNS.map((c) => example[c]),
];

/** The template as an XLSX workbook. */
export async function templateXlsx(example: BatchRowInput): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(m.pageTitle);
  sheet.addRows(templateGrid(example));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col, i) => {
    col.width = BATCH_COLUMNS[i] === 'script' ? 60 : 18;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The template as CSV, with a byte-order mark so that Excel reads it as UTF-8. */
export const templateCsv = (example: BatchRowInput): string => `\uFEFF${Papa.unparse(templateGrid(example))}\r\n`;
