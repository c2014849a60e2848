import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.js';

/** Calls slower than this are logged. */
const SLOW_CALL_MS = 5_000;
/** The event loop checks in this often; a check this much late is logged as a stall. */
const LOOP_TICK_MS = 500;
const LOOP_STALL_MS = 1_000;

/** Logs each time the event loop was held (every call of this process waited) for over a second. */
function watchEventLoop(ctx: AppContext) {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - LOOP_TICK_MS;
    last = now;
    if (late > LOOP_STALL_MS) ctx.log.warn({ ms: Math.round(late) }, 'event loop stalled');
  }, LOOP_TICK_MS);
  timer.unref();
  return timer;
}

/** Prometheus metrics: requests by route, latencies, and jobs by queue and state (dead letters included). */
export function installMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'jobs',
    help: 'Background jobs by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await ctx.queue.counts(ctx.database.executor)) this.set({ queue: row.queue, state: row.state }, row.count);
      } catch (err) {
        ctx.log.warn({ err }, 'could not read job counts');
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    // A call that took this long is worth a line in the log (streams are long by nature).
    if (reply.elapsedTime > SLOW_CALL_MS && !String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream'))
      ctx.log.warn({ route, method: req.method, ms: Math.round(reply.elapsedTime) }, 'slow call');
  });
  const watch = watchEventLoop(ctx);
  app.addHook('onClose', async () => clearInterval(watch));
  // Scrapes come every few seconds from one address; they are not API calls, so outside the rate limit.
  app.get('/metrics', { config: { rateLimit: false } }, async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
