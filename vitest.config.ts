import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;

// One folder for the run where the first test app leaves what every app starts with (the migrated
// in-memory database, the voice samples, the sample pictures) for the others to copy: making them took
// each app 3-5 s of PGlite, espeak-ng and ffmpeg. Removed by the global teardown.
process.env.TEST_CACHE_DIR ??= path.join(os.tmpdir(), `test-cache-${process.pid}`);

// Database tests run once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
// The media pipelines among them (renders, syntheses, crash-and-resume runs: minutes of ffmpeg and
// speech each, through the same repositories every other test exercises on both) run once: on
// PostgreSQL when it is set, on PGlite otherwise. What concerns the database itself (money, limits,
// the queue, sessions, the protocol, migrations, every module's rows) keeps running on both.
const mediaPipelines = [
  'modules/ai-media/ai-media',
  'modules/avatars/demo-actors',
  'modules/avatars/live-assets',
  'modules/batch/*',
  'modules/extraction/*',
  'modules/live/sessions',
  'modules/multi-scene/*',
  'modules/open-api/generate',
  'modules/open-api/talking-photo',
  'modules/open-api/webhook-crash',
  'modules/photo-video/*',
  'modules/producing/backdrop',
  'modules/producing/captions',
  'modules/producing/crash',
  'modules/producing/fairness',
  'modules/producing/media-bounds',
  'modules/talking-video/chunk-crash',
  'modules/talking-video/concurrency',
  'modules/talking-video/crash-resume',
  'modules/talking-video/engines',
  'modules/talking-video/lipsync',
  'modules/talking-video/long-video',
  'modules/video-translation/*',
  'modules/viral/*',
  'modules/voices/auditions',
  'modules/voices/remote-channel',
].map((f) => `apps/server/src/${f}.db.test.ts`);
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
          include: ['apps/server/src/**/*.db.test.ts'],
          exclude: pg ? mediaPipelines : [],
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
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
