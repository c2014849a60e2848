import type { FastifyInstance } from 'fastify';
import { BATCH_TEMPLATE_PATH, batchMessages as m, type BatchRowInput } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { contentDisposition } from '../../platform/storage/content-type.js';
import { avatarsRepo } from '../avatars/index.js';
import type { BatchDeps } from './deps.js';
import { templateCsv, templateXlsx } from './sheet.js';

/** The example row: a public avatar and voice of this site when it has them, so the row passes as it is. */
async function exampleRow(ctx: AppContext, deps: BatchDeps): Promise<BatchRowInput> {
  const db = ctx.database.db;
  const [avatars, voices] = await Promise.all([
    avatarsRepo.page(db, { userId: null, onlyReady: true, limit: 1, page: 1 }),
    deps.voices.listUsable(db, 0),
  ]);
  return {
    name: m.exampleName,
    script: m.exampleScript,
    avatar: avatars.rows[0]?.name ?? m.exampleAvatar,
    voice: voices.find((v) => v.userId === null)?.name ?? m.exampleVoice,
    channel: '',
    captions: '',
    background: '',
  };
}

/** GET the template (?format=xlsx, the default, or csv): the columns and one example row. */
export function serveTemplate(scope: FastifyInstance, ctx: AppContext, deps: BatchDeps): void {
  scope.get(BATCH_TEMPLATE_PATH, async (req, reply) => {
    const csv = (req.query as { format?: string }).format === 'csv';
    const example = await exampleRow(ctx, deps);
    reply.header('content-disposition', contentDisposition(`${m.templateName}.${csv ? 'csv' : 'xlsx'}`));
    reply.header('cache-control', 'no-store');
    if (csv) return reply.type('text/csv; charset=utf-8').send(templateCsv(example));
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(await templateXlsx(example));
  });
}
