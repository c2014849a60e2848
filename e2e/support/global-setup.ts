import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import './context';
import { adminToken } from './api';
import { chromiumLaunchOptions } from './browser';
import { startE2eChatModel } from './chat-model';
import { freePort } from './ports';
import { startE2eTranscription } from './viral-fakes';
import { makeFakeMedia, startFakeKling } from '../../apps/server/src/engines/image/testing/fake-vendors';
import { startFakeTranslator } from '../../apps/server/src/modules/video-translation/testing/fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverMain = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
const serverLog = path.join(repoRoot, 'e2e', '.artifacts', 'server.log');
const e2eAdminPassword = 'e2e-admin-Passw0rd';
// First start seeds the demo content with ffmpeg, which on a busy machine takes minutes.
const healthTimeoutMs = 300_000;

/** Keeps the tail of the server's output to show when it dies; the whole of it goes to e2e/.artifacts. */
function captureOutput(child: ChildProcess): () => string {
  mkdirSync(path.dirname(serverLog), { recursive: true });
  const log = createWriteStream(serverLog);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail.push(chunk.toString('utf8'));
    if (tail.length > 300) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => log.end());
  return () => tail.join('');
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<string> {
  const deadline = Date.now() + healthTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return `the server exited (code ${child.exitCode ?? child.signalCode}) before /healthz answered`;
    }
    try {
      const reply = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (reply.status === 200) return '';
      last = `HTTP ${reply.status}: ${(await reply.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return `/healthz did not answer 200 within ${healthTimeoutMs / 1000} s (last: ${last})`;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built app on a free port with an empty data folder, as a newcomer's `npm start` would,
 * then what every journey shares: the operator's session and one Chromium the journeys connect to
 * (each opens its own contexts, so none sees another's storage).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('adminPassword', e2eAdminPassword);
  project.provide('adminToken', '');
  project.provide('browserEndpoint', '');
  const notStartable = process.env.E2E_BUILD_FAILED
    ? `build failed: ${process.env.E2E_BUILD_FAILED} (see its step above); not testing an older build`
    : existsSync(serverMain)
      ? ''
      : `${serverMain} is missing: build the server first (npm test does)`;
  if (notStartable) {
    project.provide('baseURL', '');
    project.provide('appStartupError', notStartable);
    return async () => {};
  }

  const port = await freePort();
  // The chat assistant's model: a loopback fake of an OpenAI-compatible streaming API.
  const chatModel = await startE2eChatModel();
  // Speech recognition for the viral-video analysis: a loopback fake of OpenAI's transcription API.
  const transcription = await startE2eTranscription();
  // 可灵's API as a loopback fake on the one address links may reach (AI pictures and videos journey).
  const fakeDir = mkdtempSync(path.join(tmpdir(), 'e2e-kling-'));
  const kling = await startFakeKling(await makeFakeMedia(fakeDir), {
    accessKey: 'e2e-ak',
    secretKey: 'e2e-sk',
    pollsBeforeDone: 3,
    host: '127.0.0.2',
  });
  // Video translation: a text model that translates line by line (the speech recogniser above segments what it hears).
  const translator = await startFakeTranslator();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: e2eAdminPassword,
    LOG_LEVEL: 'warn',
    // The one loopback address the extraction journey's page lives on; every other private address stays refused.
    TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
    CHAT_MODEL_URL: chatModel.url,
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: transcription.baseUrl,
    KLING_ACCESS_KEY: 'e2e-ak',
    KLING_SECRET_KEY: 'e2e-sk',
    KLING_BASE_URL: kling.url,
    AI_MEDIA_POLL_INTERVAL_MS: '1000',
    TEXT_MODEL_URL: `${translator.url}/v1`,
  };
  // The app under test runs like `npm start`: embedded database, every role, no test-runner settings.
  for (const name of ['DATABASE_URL', 'ROLE', 'NODE_ENV', 'TEST_DATABASE_URL']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];

  const child = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  const startupError = await waitForHealth(baseURL, child);
  if (startupError) {
    console.error(`\n[e2e] ${startupError}\n[e2e] server output (full log: ${serverLog}):\n${output()}`);
  }
  project.provide('baseURL', baseURL);
  let browserServer: BrowserServer | undefined;
  let sharedError = '';
  if (!startupError) {
    try {
      project.provide('adminToken', await adminToken(baseURL, e2eAdminPassword));
      browserServer = await chromium.launchServer(chromiumLaunchOptions);
      project.provide('browserEndpoint', browserServer.wsEndpoint());
    } catch (error) {
      sharedError = `the journeys' shared set-up failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`\n[e2e] ${sharedError}`);
    }
  }
  project.provide('appStartupError', startupError || sharedError);

  return async () => {
    await browserServer?.close();
    await stop(child);
    await chatModel.close();
    await transcription.close();
    if (child.exitCode !== null && child.exitCode !== 0 && !startupError) {
      console.error(`\n[e2e] the server exited with code ${child.exitCode}; its output:\n${output()}`);
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    await kling.close();
    await translator.close();
    rmSync(fakeDir, { recursive: true, force: true });
  };
}
