import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { DataDirLockedError } from './platform/db/lock.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let built;
  try {
    built = await buildApp(config);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const { app } = built;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`serving ${config.publicUrl} (role ${config.ROLE})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
