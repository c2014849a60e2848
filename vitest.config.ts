import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;

// One folder for the run where the first test app leaves what every app starts with (the migrated
// in-memory database, the voice samples, the sample pictures) for the others to copy: making them took
// each app 3-5 s of PGlite, espeak-ng and ffmpeg. Removed by the global teardown.
process.env.TEST_CACHE_DIR ??= path.join(os.tmpdir(), `test-cache-${process.pid}`);

// Database tests run on PGlite; when TEST_DATABASE_URL is set (CI), every one of them runs on
// PostgreSQL, and PGlite runs the database layer again (the platform: queue, sessions, protocol,
// limits, migrations, PGlite's own statements; money: the ledger and credits; accounts). The feature
// modules' tests take minutes of ffmpeg and speech each and go through that same layer: run twice, they
// kept CI past its time on two cores.
const databaseLayer = [
  'apps/server/src/platform/**/*.db.test.ts',
  'apps/server/src/modules/billing/*.db.test.ts',
  'apps/server/src/modules/accounts/*.db.test.ts',
];
// Two files at a time (TEST_WORKERS to change): database tests spend much of their time waiting on
// the database and ffmpeg, so a second worker keeps both cores busy.
const workers = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers: workers,
    globalSetup: ['apps/server/test/test-cache-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/*.test.ts',
          ],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
          // Set-up makes media with ffmpeg; on a loaded machine that takes longer than the 10 s default.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'db-pglite',
          include: pg ? databaseLayer : ['apps/server/src/**/*.db.test.ts'],
          // Simultaneous starts of two processes: about how PostgreSQL takes concurrent migrations.
          exclude: pg ? ['apps/server/src/platform/db/split-start.db.test.ts'] : [],
          env: { TEST_DB_BACKEND: 'pglite' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'db-postgres',
                include: ['apps/server/src/**/*.db.test.ts'],
                env: { TEST_DB_BACKEND: 'postgres' },
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A page redraws after its calls answer: on a busy machine that takes longer than poll's 1 s default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
