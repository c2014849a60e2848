import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Ready when the database answers and the queue's schema is reachable. */
export function installHealth(app: FastifyInstance, ctx: AppContext): void {
  // A prober must see a healthy server as healthy however busy its address is: outside the rate limit.
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    const check = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return 'ok';
      } catch {
        return 'down';
      }
    };
    const db = await check(() => ctx.database.ping());
    const queue = await check(() => ctx.database.executor.executeSql('select version from pgboss.version limit 1', []));
    const status = db === 'ok' && queue === 'ok' ? 'ok' : 'down';
    return reply.code(status === 'ok' ? 200 : 503).send({ status, db, queue, role: ctx.config.ROLE });
  });
}
