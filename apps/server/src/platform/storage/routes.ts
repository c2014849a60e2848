import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LOCAL_FILES_PREFIX, LOCAL_UPLOAD_PATH, type LocalStorage } from './local.js';
import { handleStorageUpload } from './upload-host.js';
import { startSpoolThread } from './spool-writer.js';
import { assertSafeKey } from './types.js';
import { contentDisposition } from './content-type.js';

export { contentDisposition };

/** Serves the local store: Range requests, content types by extension, signed URLs for private objects. */
export async function localFileRoutes(app: FastifyInstance, storage: LocalStorage): Promise<void> {
  await app.register(fastifyStatic, { root: storage.root, serve: false, decorateReply: true });
  app.get(`${LOCAL_FILES_PREFIX}*`, async (req, reply) => {
    const raw = (req.params as { '*': string })['*'];
    let key: string;
    try {
      key = raw.split('/').map(decodeURIComponent).join('/');
      assertSafeKey(key);
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad key');
    }
    const q = req.query as { expires?: string; sig?: string; name?: string };
    // The store's own folders (.tmp, .sums) are never served.
    if (key.startsWith('.') || !storage.verify(key, q)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('链接无效或已过期');
    }
    if (!(await storage.head(key))) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    if (q.name) reply.header('content-disposition', contentDisposition(q.name));
    reply.header('cache-control', key.startsWith('public/') ? 'public, max-age=86400' : 'private, max-age=3600');
    return reply.sendFile(key, storage.root, { acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
  });
  // The upload host reads its multipart body itself, as a stream; the parser only lets it through.
  startSpoolThread();
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    scope.post(LOCAL_UPLOAD_PATH, (req, reply) => handleStorageUpload(storage, req, reply));
  });
}
