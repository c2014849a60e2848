import {
  batchDetail,
  batchMessages as m,
  batchZipLink,
  listBatches,
  parseBatchSheet,
  previewBatch,
  submitBatch,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { rowsOfParam, type BatchService } from './service.js';
import { gridOfText, rowsOfFile, rowsOfGrid } from './sheet.js';
import { zipLink } from './zip.js';

export function batchRoutes(ctx: AppContext, service: BatchService): RouteDef[] {
  return [
    route(parseBatchSheet, async ({ params }) => {
      if (params.content) return { rows: await rowsOfFile(Buffer.from(params.content, 'base64')) };
      if (params.text?.trim()) return { rows: rowsOfGrid(gridOfText(params.text)) };
      throw new AppError(m.sheetEmpty);
    }),
    route(previewBatch, ({ params, user }) => service.preview(user.id, rowsOfParam(params.rows))),
    route(submitBatch, async ({ params, user }) => {
      const made = await service.submit(user.id, params.name, rowsOfParam(params.rows));
      return ok(made, m.submitted(made.works));
    }),
    route(listBatches, ({ params, user }) => service.list(user.id, params.page, params.limit)),
    route(batchDetail, ({ params, user }) => service.detail(user.id, params.id)),
    route(batchZipLink, async ({ params, user }) => {
      const batch = await service.detail(user.id, params.id);
      if (!batch.done) throw new AppError(m.nothingToDownload);
      return { url: zipLink(ctx, user.id, batch.id), name: `${batch.name}.zip` };
    }),
  ];
}
