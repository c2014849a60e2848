import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { BATCH_ZIP_PATH, batchMessages as m } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { contentDisposition } from '../../platform/storage/content-type.js';
import { storageSecret } from '../../platform/storage/index.js';
import { WORK_STATUS } from '../works/index.js';
import type { BatchService } from './service.js';
import { batchRepo } from './repo.js';

/** How long a ZIP link works: long enough to start the download, short enough not to be passed around. */
const LINK_SECONDS = 10 * 60;

const macOf = (secret: string, userId: number, batchId: number, expires: number) =>
  createHmac('sha256', `batch-zip:${secret}`).update(`${userId}.${batchId}.${expires}`).digest('base64url');

/** A link the browser opens to download the batch's finished videos (no login header needed, signed instead). */
export function zipLink(ctx: AppContext, userId: number, batchId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_SECONDS;
  const q = new URLSearchParams({
    id: String(batchId),
    uid: String(userId),
    expires: String(expires),
    sig: macOf(storageSecret(ctx.config), userId, batchId, expires),
  });
  return `${BATCH_ZIP_PATH}?${q.toString()}`;
}

function verifiedLink(
  ctx: AppContext,
  q: Record<string, string | undefined>,
): { userId: number; batchId: number } | null {
  const userId = Number(q.uid);
  const batchId = Number(q.id);
  const expires = Number(q.expires);
  const given = Buffer.from(q.sig ?? '');
  if (![userId, batchId, expires].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  const want = Buffer.from(macOf(storageSecret(ctx.config), userId, batchId, expires));
  if (given.length !== want.length || !timingSafeEqual(given, want) || expires < Date.now() / 1000) return null;
  return { userId, batchId };
}

/** A file name from a row's name column: no folders or characters a file system refuses. */
const safeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80);

/** Entry names for the rows' videos: the row's name, made unique with its row number when repeated. */
export function entryNames(rows: { rowNo: number; name: string; ext: string }[]): string[] {
  const used = new Set<string>();
  return rows.map((r) => {
    const base = safeName(r.name) || m.rowDefaultName(r.rowNo);
    let entry = `${base}${r.ext}`;
    if (used.has(entry.toLowerCase())) entry = `${base}（${r.rowNo}）${r.ext}`;
    used.add(entry.toLowerCase());
    return entry;
  });
}

/**
 * GET the ZIP of a batch's finished videos through its signed link: streamed as it is read from
 * storage, one video at a time (stored, not compressed: videos are compressed already).
 */
export function serveBatchZip(scope: FastifyInstance, ctx: AppContext, service: BatchService): void {
  scope.get(BATCH_ZIP_PATH, async (req, reply) => {
    // Opened by the browser as a page: a refusal is a line of text, not the protocol's envelope.
    const refuse = (status: number, message: string) =>
      reply.code(status).type('text/plain; charset=utf-8').send(message);
    const link = verifiedLink(ctx, req.query as Record<string, string>);
    if (!link) return refuse(403, m.linkExpired);
    const batch = await batchRepo.findOwn(ctx.database.db, link.userId, link.batchId);
    if (!batch) return refuse(404, m.batchMissing);
    const { rows, works } = await service.rowsWithWorks([batch]);
    const finished = rows.flatMap((r) => {
      const w = r.workId ? works.get(r.workId) : undefined;
      return w?.status === WORK_STATUS.done && w.videoKey
        ? [{ rowNo: r.rowNo, name: r.name, key: w.videoKey, ext: path.posix.extname(w.videoKey) || '.mp4' }]
        : [];
    });
    if (!finished.length) return refuse(404, m.nothingToDownload);
    const zip = new yazl.ZipFile();
    const names = entryNames(finished);
    finished.forEach((f, i) => {
      zip.addReadStreamLazy(names[i]!, { compress: false }, (done) => {
        ctx.storage.read(f.key).then(
          (stream) => done(null, stream),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), null as never),
        );
      });
    });
    zip.end();
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', contentDisposition(`${safeName(batch.name) || batch.id}.zip`));
    reply.header('cache-control', 'private, no-store');
    return reply.send(zip.outputStream);
  });
}
