import { createHash } from 'node:crypto';
import {
  BATCH_COLUMNS,
  BATCH_ROWS_MAX,
  batchColumnLabels,
  batchMessages as m,
  batchRowsJson,
  studioMessages,
  type BatchRowInput,
  type BatchSummary,
  type BatchWorkRow,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { creditBalance, lockPayer } from '../billing/index.js';
import { TalkingVideoService } from '../talking-video/index.js';
import { WORK_STATUS, WORK_STATUS_NAMES, workLedger, type WorkRow } from '../works/index.js';
import { loadCatalog } from './catalog.js';
import { checkRow, defaultChannels, type CheckedRow } from './check.js';
import type { BatchDeps } from './deps.js';
import { batchRepo, type BatchRow, type BatchRowRecord } from './repo.js';

/** The same sheet sent again within this long (a double click, a resent request) is the same batch. */
const SAME_BATCH_SECONDS = 30;

/** Rows checked at the same time. */
const CHECKS_AT_ONCE = 8;

/** The rows param: JSON of 1 to 100 rows, refused in the user's words otherwise. */
export function rowsOfParam(text: string): BatchRowInput[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(m.rowsInvalid);
  }
  if (Array.isArray(json) && json.length > BATCH_ROWS_MAX) throw new AppError(m.tooManyRows);
  const parsed = batchRowsJson.safeParse(json);
  if (!parsed.success) throw new AppError(m.rowsInvalid);
  return parsed.data;
}

/** The rows' key: equal for the same cells in the same order. */
const rowKey = (r: BatchRowInput) => JSON.stringify(BATCH_COLUMNS.map((c) => (c === 'script' ? r[c] : r[c].trim())));

/** Batches of talking videos: check and price a sheet, submit it row by row, follow its progress. */
export class BatchService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: BatchDeps,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Every row checked with the studio's rules; a row repeating an earlier one is refused as such. */
  async check(userId: number, rows: BatchRowInput[]): Promise<CheckedRow[]> {
    const catalog = await loadCatalog(this.ctx, this.deps, userId);
    const s = { userId, catalog, channels: defaultChannels(this.ctx) };
    // Rows are checked a few at a time: each waits mostly on the database.
    const results: CheckedRow[] = new Array<CheckedRow>(rows.length);
    let next = 0;
    const checker = async () => {
      for (let i = next++; i < rows.length; i = next++)
        results[i] = await checkRow(this.ctx, this.deps, s, rows[i]!, i + 1);
    };
    await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, rows.length) }, checker));
    const seen = new Map<string, number>();
    const checked = results.map((result, i) => {
      const key = rowKey(rows[i]!);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i + 1);
      else result.check.errors.push({ column: 'name', message: m.duplicateRow(first) });
      return result.check.errors.length ? { ...result, order: null, held: 0 } : result;
    });
    return checked;
  }

  async preview(userId: number, rows: BatchRowInput[]) {
    const checked = await this.check(userId, rows);
    return {
      rows: checked.map((c) => c.check),
      credits: checked.reduce((sum, c) => sum + c.check.credits, 0),
      held: checked.reduce((sum, c) => sum + c.held, 0),
      balance: await creditBalance(this.db, userId),
      invalid: checked.filter((c) => c.check.errors.length).length,
    };
  }

  /**
   * Submits every row as one talking video through the studio's save (its checks, hold, queue):
   * refused whole, naming the first bad row and cell, when any row fails its check or the balance
   * cannot hold them all. A row refused at its own save (the balance spent meanwhile) is recorded
   * with its reason; the others go on.
   */
  async submit(userId: number, name: string | undefined, rows: BatchRowInput[]) {
    const checked = await this.check(userId, rows);
    const bad = checked.filter((c) => c.check.errors.length);
    const firstBad = bad[0]?.check;
    if (firstBad) {
      const [cell] = firstBad.errors;
      const first = m.rowError(firstBad.row, batchColumnLabels[cell!.column], cell!.message);
      throw new AppError(bad.length > 1 ? `${first}（${m.rowsHaveErrors(bad.length)}）` : first, 1, {
        rows: checked.map((c) => c.check),
      });
    }
    const held = checked.reduce((sum, c) => sum + c.held, 0);
    const balance = await creditBalance(this.db, userId);
    if (balance < held) throw new AppError(studioMessages.notEnoughCredits(held, balance));

    const fingerprint = createHash('sha256')
      .update(JSON.stringify(rows.map(rowKey)))
      .digest('hex');
    const { batch, fresh } = await this.db.transaction(async (tx) => {
      await lockPayer(tx, userId);
      const same = await batchRepo.recentSame(tx, userId, fingerprint, SAME_BATCH_SECONDS);
      if (same) return { batch: same, fresh: false };
      const title = name?.trim() || m.defaultBatchName(formatDateTime(new Date()));
      return { batch: await batchRepo.create(tx, userId, title, fingerprint), fresh: true };
    });
    if (!fresh) return this.submitted(batch);

    const talking = new TalkingVideoService(this.ctx, this.deps);
    for (const c of checked) {
      const rowNo = c.check.row;
      const order = c.order!;
      const rowName = order.name ?? '';
      try {
        const made = await talking.create(userId, order, {
          // The row names its work in the transaction that opens the work and holds its price.
          onOpen: (tx, work) => batchRepo.addRow(tx, { batchId: batch.id, rowNo, name: rowName, workId: work.id }),
        });
        // An identical order already in flight was handed back instead: the row is that work.
        await batchRepo.addRow(this.db, { batchId: batch.id, rowNo, name: rowName, workId: made.id });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await batchRepo.addRow(this.db, { batchId: batch.id, rowNo, name: rowName, error: e.message.slice(0, 255) });
      }
    }
    return this.submitted(batch);
  }

  private async submitted(batch: BatchRow) {
    const [summary] = await this.summaries([batch]);
    return { id: batch.id, works: summary!.total - summary!.failed, credits: summary!.credits };
  }

  async list(userId: number, page: number, limit: number) {
    const { rows, total } = await batchRepo.page(this.db, userId, page, limit);
    return { list: await this.summaries(rows), total };
  }

  async detail(userId: number, id: number): Promise<BatchSummary & { rows: BatchWorkRow[] }> {
    const batch = await batchRepo.findOwn(this.db, userId, id);
    if (!batch) throw new AppError(m.batchMissing);
    const { rows, works } = await this.rowsWithWorks([batch]);
    return { ...summaryOf(batch, rows, works), rows: rows.map((r) => workRowOf(r, works.get(r.workId ?? 0))) };
  }

  /** The rows of `batches` and the works they became. */
  async rowsWithWorks(list: BatchRow[]): Promise<{ rows: BatchRowRecord[]; works: Map<number, WorkRow> }> {
    const rows = await batchRepo.rowsOf(
      this.db,
      list.map((b) => b.id),
    );
    const found = await workLedger.findMany(
      this.db,
      rows.flatMap((r) => (r.workId ? [r.workId] : [])),
    );
    return { rows, works: new Map(found.map((w) => [w.id, w])) };
  }

  private async summaries(list: BatchRow[]): Promise<BatchSummary[]> {
    const { rows, works } = await this.rowsWithWorks(list);
    return list.map((b) =>
      summaryOf(
        b,
        rows.filter((r) => r.batchId === b.id),
        works,
      ),
    );
  }
}

/** A row as the batch's page lists it: its work's state, failed with its reason when never made. */
function workRowOf(r: BatchRowRecord, w: WorkRow | undefined): BatchWorkRow {
  const status = w?.status ?? (r.error ? WORK_STATUS.failed : 0);
  return {
    row: r.rowNo,
    name: w?.name ?? r.name,
    work_id: w?.id ?? 0,
    status,
    status_name: WORK_STATUS_NAMES[status] ?? studioMessages.workMissing,
    fail_reason: w?.failReason || r.error || '',
  };
}

function summaryOf(b: BatchRow, rows: BatchRowRecord[], works: Map<number, WorkRow>): BatchSummary {
  let done = 0;
  let failed = 0;
  let running = 0;
  let credits = 0;
  for (const r of rows) {
    const w = r.workId ? works.get(r.workId) : undefined;
    if (!w) failed += r.error ? 1 : 0;
    else if (w.status === WORK_STATUS.done) {
      done++;
      credits += w.creditsCharged;
    } else if (w.status === WORK_STATUS.failed) failed++;
    else {
      running++;
      credits += w.creditsHeld;
    }
  }
  return {
    id: b.id,
    name: b.name,
    create_time: formatDateTime(b.createdAt),
    total: rows.length,
    done,
    failed,
    running,
    credits,
  };
}
