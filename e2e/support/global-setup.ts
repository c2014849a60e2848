import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import './context';
import { adminToken } from './api';
import { serverMain, startBuiltApp } from './app-process';
import { chromiumLaunchOptions } from './browser';
import { startE2eChatModel } from './chat-model';
import { startE2eTranscription } from './viral-fakes';
import { makeFakeMedia, startFakeKling } from '../../apps/server/src/engines/image/testing/fake-vendors';
import { startFakeTranslator } from '../../apps/server/src/modules/video-translation/testing/fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverLog = path.join(repoRoot, 'e2e', '.artifacts', 'server.log');
const e2eAdminPassword = 'e2e-admin-Passw0rd';

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
  // The app under test runs like `npm start` (embedded database, every role), with these engines configured.
  const app = await startBuiltApp({
    logFile: serverLog,
    env: {
      ADMIN_PASSWORD: e2eAdminPassword,
      // The one loopback address the extraction journey's page lives on; every other private address stays refused.
      TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
      // Webhook retries a second apart, so the open API journey sees a failed attempt and its retry.
      WEBHOOK_RETRY_SECONDS: '1,1,1',
      CHAT_MODEL_URL: chatModel.url,
      TRANSCRIPTION_ENGINE: 'openai',
      TRANSCRIPTION_OPENAI_URL: transcription.baseUrl,
      KLING_ACCESS_KEY: 'e2e-ak',
      KLING_SECRET_KEY: 'e2e-sk',
      KLING_BASE_URL: kling.url,
      AI_MEDIA_POLL_INTERVAL_MS: '1000',
      TEXT_MODEL_URL: `${translator.url}/v1`,
    },
  });
  const { baseURL, startupError } = app;
  if (startupError) {
    console.error(`\n[e2e] ${startupError}\n[e2e] server output (full log: ${serverLog}):\n${app.output()}`);
  }
  project.provide('baseURL', baseURL);
  let browserServer: BrowserServer | undefined;
  let sharedError = '';
  if (!startupError) {
    try {
      project.provide('adminToken', await adminToken(baseURL, e2eAdminPassword));
      // The microphone is a fake device playing a spoken question (the live journey asks by voice).
      const question = path.join(fakeDir, 'spoken-question.wav');
      execFileSync('espeak-ng', ['-v', 'cmn', '-w', question, '请问你们几点开门']);
      browserServer = await chromium.launchServer({
        ...chromiumLaunchOptions,
        args: [
          ...(chromiumLaunchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${question}`,
        ],
      });
      project.provide('browserEndpoint', browserServer.wsEndpoint());
    } catch (error) {
      sharedError = `the journeys' shared set-up failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`\n[e2e] ${sharedError}`);
    }
  }
  project.provide('appStartupError', startupError || sharedError);

  return async () => {
    await browserServer?.close();
    await app.stop();
    await chatModel.close();
    await transcription.close();
    if (app.crashed() && !startupError)
      console.error(`\n[e2e] the server exited with a failure; its output:\n${app.output()}`);
    await kling.close();
    await translator.close();
    rmSync(fakeDir, { recursive: true, force: true });
  };
}
