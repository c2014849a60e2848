import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { Redis } from 'ioredis';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { forgetAnnounced, SESSIONS_CHANNEL } from './platform/auth/tokens.js';
import { redisSessionBus } from './platform/auth/session-bus.js';
import { JobQueue } from './platform/queue/queue.js';
import { collectJobs, type RegisteredJobs } from './platform/queue/jobs.js';
import { databaseCounters, redisCounters } from './platform/limits/counters.js';
import { createStorage, storageSecret } from './platform/storage/index.js';
import { EngineSettingsStore } from './platform/engine-settings/index.js';
import { LocalStorage } from './platform/storage/local.js';
import { localFileRoutes } from './platform/storage/routes.js';
import { installEnvelopeHandlers } from './platform/protocol/envelope.js';
import { parseForm } from './platform/protocol/form.js';
import { registerRoutes, type RouteDef } from './platform/protocol/route.js';
import { buildOpenApi } from './platform/protocol/openapi.js';
import { installMetrics } from './platform/observability/metrics.js';
import { installHealth } from './platform/observability/health.js';
import type { AppContext } from './platform/context.js';
import { createLiveEngines, publicUrlSigner } from './engines/index.js';
import { featureModules } from './modules/index.js';
import { capabilitiesOf, gateRoutes, migrationFoldersOf, type FeatureModule } from './modules/module.js';

export interface BuildOptions {
  /** Extra modules (tests). */
  modules?: FeatureModule[];
  /** Replaces the product's modules (tests that bring their own job handlers). */
  onlyModules?: FeatureModule[];
  /** Queue polling, seconds (tests poll faster). */
  pollingIntervalSeconds?: number;
  /** Hear session changes through PostgreSQL's LISTEN (default); tests turn it off to prove the Redis path alone. */
  listenForSessions?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

function cspDirectives(config: AppConfig) {
  const storageHosts = [config.OSS_ENDPOINT, config.S3_ENDPOINT]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  if (config.STORAGE_DRIVER === 'oss' && config.OSS_BUCKET && config.OSS_REGION)
    storageHosts.push(`https://${config.OSS_BUCKET}.${config.OSS_REGION}.aliyuncs.com`);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its theme as inline <style> tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Operators set the logo, banner, QR code and login background (and footer badges) to any https
    // image; images cannot run code, so any https source is allowed while scripts stay strict.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageHosts],
    // Engine results are copied into our storage before they are shown, so media stays on known hosts.
    mediaSrc: ["'self'", 'blob:', ...storageHosts],
    connectSrc: ["'self'", ...storageHosts],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...storageHosts],
  };
}

/** Plugin order: external (security, limits, docs), then platform (db, queue, storage), then features. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers["x-token"]', 'req.headers.authorization'] },
    genReqId: (req) => String(req.headers['x-request-id'] ?? '').slice(0, 64) || randomUUID(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // The helmet middleware is built once; building it per request costs a fifth of a request's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // The web app's own files are not API calls: a page load must not spend an address's budget.
  const webAppRoutes = new Set<string>();
  // With Redis every API process counts into the same per-address budget; without it each counts its own.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  if (redis)
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  await app.register(cookie);
  if (config.RATE_LIMIT_PER_MINUTE > 0)
    await app.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      allowList: (req) => webAppRoutes.has(req.routeOptions.url ?? ''),
      ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:` } : {}),
    });
  await app.register(compress, { threshold: 1024 });

  const modules = [...(opts.onlyModules ?? featureModules), ...(opts.modules ?? [])];
  // The queue serves the jobs the registered modules declare (the product's, typed as RegisteredJobs;
  // tests may register others).
  const jobs = collectJobs(modules.map((m) => ({ owner: m.name, declared: m.jobs?.declared ?? {} })));
  const database = await openDatabase(config, { migrations: migrationFoldersOf(modules, config) });
  const queue = new JobQueue(jobs as RegisteredJobs, database.executor, app.log, opts.pollingIntervalSeconds);
  const storage = createStorage(config);
  const localStorage = storage instanceof LocalStorage ? storage : null;
  const engineSettings = new EngineSettingsStore(database.db, config, storageSecret(config), { log: app.log });
  await engineSettings.reload();
  engineSettings.start();
  const ctx: AppContext = {
    config,
    database,
    queue,
    storage,
    localStorage,
    log: app.log,
    // Built before any module registers, so every module reads the same engines.
    counters: redis ? redisCounters(redis, `${config.REDIS_PREFIX}counter:`) : databaseCounters(database.db),
    engines: createLiveEngines(engineSettings, {
      publicUrl: publicUrlSigner({ storage, localRoot: localStorage?.root ?? null, publicUrl: config.publicUrl }),
    }),
    engineSettings,
    channelKinds: modules.flatMap((m) => m.channels ?? []),
  };
  // Sessions revoked or changed on any process are dropped from this one's cache: when the change
  // commits (PostgreSQL), and at once through Redis when it is configured.
  const forget = (payload: string) => forgetAnnounced(database.db, payload);
  const stopListening =
    opts.listenForSessions === false ? async () => undefined : await database.listen(SESSIONS_CHANNEL, forget);
  const stopSessionBus = redis
    ? await redisSessionBus(redis, `${config.REDIS_PREFIX}${SESSIONS_CHANNEL}`, forget, app.log)
    : async () => undefined;
  app.addHook('onClose', async () => {
    await stopListening().catch(() => undefined);
    await stopSessionBus().catch(() => undefined);
    engineSettings.stop();
    await queue
      .stop(database.executor, config.SHUTDOWN_GRACE_SECONDS)
      .catch((err: unknown) => app.log.error({ err }, 'queue stop failed'));
    await database.close();
  });

  for (const m of modules) if (m.jobs) queue.handleAll(m.jobs.handlers(ctx));
  const work = config.ROLE !== 'api';
  // An api and a worker started together install the queue and seed one after the other, not at once.
  await database.exclusive('start-up', async () => {
    await queue.prepare();
    if (work && database.kind === 'pglite') await queue.releaseOrphans(database.executor);
    for (const m of modules) await m.seed?.(ctx);
  });

  installHealth(app, ctx);
  installMetrics(app, ctx);
  if (config.ROLE !== 'worker') {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) => {
      try {
        done(null, parseForm(body as Buffer));
      } catch (e) {
        done(e as Error);
      }
    });
    installEnvelopeHandlers(app, config);
    // A tool whose engine is missing refuses its paying calls before they reach a handler (and the bill).
    const routes: RouteDef[] = gateRoutes(
      ctx,
      capabilitiesOf(modules),
      modules.flatMap((m) => m.routes?.(ctx, { modules }) ?? []),
    );
    await app.register(swagger, {
      mode: 'static',
      specification: {
        document: buildOpenApi(
          routes.map((r) => r.endpoint),
          { title: 'AI 数字人 API', version: '1.0.0' },
        ) as never,
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    registerRoutes(app, ctx, routes);
    for (const m of modules) if (m.http) await app.register(async (scope) => m.http?.(scope, ctx));
    if (ctx.localStorage) await localFileRoutes(app, ctx.localStorage);
    if (fs.existsSync(config.webDist)) {
      await app.register(async (scope) => {
        scope.addHook('onRoute', (r) => void webAppRoutes.add(r.url));
        await scope.register(fastifyStatic, {
          root: config.webDist,
          prefix: '/',
          decorateReply: false,
          wildcard: false,
          index: 'index.html',
        });
      });
    } else {
      app.log.warn({ webDist: config.webDist }, 'web app not built; serving the API only');
    }
  }
  await app.ready();
  if (work) await queue.work();
  return { app, ctx };
}
