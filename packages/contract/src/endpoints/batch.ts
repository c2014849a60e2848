import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, optionalDisplayName, optionalText, paging, text } from '../fields.js';
import { SCRIPT_RAW_MAX } from '../script.js';
import { BATCH_COLUMNS, BATCH_ROWS_MAX } from './batch-messages.js';

const cell = (max: number) => z.string().max(max).default('');

/** One row of a batch sheet as the user wrote it: every cell as text, checked by the server's rules. */
export const batchRowInput = z.object({
  name: cell(200),
  script: cell(SCRIPT_RAW_MAX),
  avatar: cell(200),
  voice: cell(200),
  channel: cell(200),
  captions: cell(200),
  background: cell(500),
});
export type BatchRowInput = z.output<typeof batchRowInput>;
/** The rows param: a JSON list of rows, 1 to BATCH_ROWS_MAX. */
export const batchRowsJson = z.array(batchRowInput).min(1).max(BATCH_ROWS_MAX);

const batchCellError = z.object({ column: z.enum(BATCH_COLUMNS), message: z.string() });
export type BatchCellError = z.infer<typeof batchCellError>;

/** One row as checked: its number in the sheet (first row after the header is 1), price and errors. */
export const batchRowCheck = z.object({
  row: z.number().int(),
  errors: z.array(batchCellError),
  /** The estimate's price, as the studio shows it (whole seconds × the channel's credits per second). */
  credits: z.number().int(),
  /** What the row resolved to, in the names the user sees. */
  avatar_name: z.string(),
  voice_name: z.string(),
  channel_name: z.string(),
});
export type BatchRowCheck = z.infer<typeof batchRowCheck>;

export const parseBatchSheet = endpoint({
  method: 'POST',
  path: '/api/batch/sheet',
  summary: 'Read the rows of an uploaded CSV or XLSX batch sheet (base64), or of pasted text',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({
    file_name: optionalText({ max: 255 }),
    /** The file's bytes in base64 (a sheet of 100 rows is a few tens of KB). */
    content: optionalText({ max: 700_000 }),
    /** Rows pasted from a spreadsheet (tab separated) or CSV text. */
    text: optionalText({ max: 500_000 }),
  }),
  data: z.object({ rows: z.array(batchRowInput) }),
});

export const previewBatch = endpoint({
  method: 'POST',
  path: '/api/batch/preview',
  summary: 'Check every row of a batch with the studio’s rules and price it, without spending',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({ rows: text({ max: 900_000 }) }),
  data: z.object({
    rows: z.array(batchRowCheck),
    /** The estimates' total. */
    credits: z.number().int(),
    /** What submitting holds (each row's estimate plus headroom), settled on each video's real length. */
    held: z.number().int(),
    balance: z.number().int(),
    invalid: z.number().int(),
  }),
});

export const submitBatch = endpoint({
  method: 'POST',
  path: '/api/batch/submit',
  paid: true,
  summary:
    'Submit a batch: every row becomes one talking video with its own hold; refused whole when a row fails its check',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({ name: optionalDisplayName(), rows: text({ max: 900_000 }) }),
  data: z.object({ id: z.number().int(), works: z.number().int(), credits: z.number().int() }),
});

export const batchSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  create_time: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  running: z.number().int(),
  /** Credits held for the videos in progress plus those charged for finished ones. */
  credits: z.number().int(),
});
export type BatchSummary = z.infer<typeof batchSummary>;

export const batchWorkRow = z.object({
  row: z.number().int(),
  name: z.string(),
  work_id: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  fail_reason: z.string(),
});
export type BatchWorkRow = z.infer<typeof batchWorkRow>;

export const listBatches = endpoint({
  method: 'GET',
  path: '/api/batch/list',
  summary: 'Your batches, newest first, each with its progress',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({ ...paging }),
  data: z.object({ list: z.array(batchSummary), total: z.number().int() }),
});

export const batchDetail = endpoint({
  method: 'GET',
  path: '/api/batch/detail',
  summary: 'One batch: its progress and each row’s video',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: batchSummary.extend({ rows: z.array(batchWorkRow) }),
});

export const batchZipLink = endpoint({
  method: 'GET',
  path: '/api/batch/zip-link',
  summary: 'A short-lived link to a ZIP of the batch’s finished videos, named after their rows',
  tag: 'batch',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: z.object({ url: z.string(), name: z.string() }),
});

/** Downloads outside the signed protocol: the template (anyone) and a batch's ZIP (through its signed link). */
export const BATCH_TEMPLATE_PATH = '/api/batch/template';
export const BATCH_ZIP_PATH = '/api/batch/zip';

export const batchEndpoints = {
  parseBatchSheet,
  previewBatch,
  submitBatch,
  listBatches,
  batchDetail,
  batchZipLink,
} as const;
