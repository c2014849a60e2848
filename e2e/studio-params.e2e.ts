import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLONE_RECORDING_MAX_BYTES,
  completeUpload,
  filesMessages,
  listMaterials,
  saveMaterial,
  signUpload,
} from '@app/contract';
import { apiData, uploadRecording } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { makeAvatarVideo, makeLongAudio, makeVoiceRecording, mediaTempDir } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';

const materialName = '素材口播音频';
const handedOver = '这是从别的页面带过来的台词，进入创作页就能直接使用。';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What went wrong in the page without failing a step (see watchPage). */
let problems: string[] = [];
let media: string;
let token: string;
let materialId: number;
let materialFileId: number;

/** Uploads a file the way the browser does (signed direct POST to the storage host, then complete); returns its file id. */
async function uploadVideo(file: string): Promise<number> {
  const { baseURL } = appUnderTest();
  const sign = await apiData(baseURL, signUpload, { file_type: 'video' }, token);
  const key = `${sign.dir}${Date.now()}${path.extname(file)}`;
  const form = new FormData();
  for (const [name, value] of Object.entries(sign.fields)) form.append(name, value);
  form.append('key', key);
  form.append('file', new Blob([readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
  const host = sign.host.startsWith('http') ? sign.host : `${baseURL}${sign.host}`;
  const posted = await fetch(host, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`upload to ${host}: HTTP ${posted.status} ${await posted.text()}`);
  return (await apiData(baseURL, completeUpload, { file_type: 'video', url: key }, token)).file_id;
}

beforeAll(async () => {
  const { baseURL } = appUnderTest();
  media = mediaTempDir();
  browser = await connectBrowser();
  context = await newVisitorContext(browser, baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  token = await registerWithCode(page, 'e2e_p', await redeemCode(1_000));
  // An audio of the material library: a spoken recording uploaded and saved under a name.
  materialFileId = await uploadRecording(baseURL, token, makeVoiceRecording(media));
  materialId = (await apiData(baseURL, saveMaterial, { file_id: materialFileId, name: materialName }, token)).id;
  const { list } = await apiData(baseURL, listMaterials, { type: 'audio', page: 1, limit: 0 }, token);
  expect(list.map((m) => [m.id, m.file_id, m.name])).toEqual([[materialId, materialFileId, materialName]]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});

// Each test ends with no script or console error and no API call refused or unknown to the server.
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('studio voice picker and query params', () => {
  it("lists the user's audio materials in the voice picker's material tab; picking one drives the work by audio", async () => {
    await page.goto('/#/create');
    const voices = page.getByRole('tablist').filter({ hasText: commonLabels.publicVoices });
    await voices.getByRole('tab', { name: commonLabels.publicVoices }).click();
    // Public voices are there to pick, with their preview button.
    await page.getByRole('radio', { name: '离线合成男声' }).waitFor();
    await screenshot(page, 'studio-picker-public-dark');
    await voices.getByRole('tab', { name: commonLabels.materialLibrary }).click();
    const material = page.getByRole('radio', { name: materialName });
    await material.waitFor();
    await screenshot(page, 'studio-picker-material-dark');
    await material.click();
    // The studio switches to audio mode with that audio's player.
    await expect
      .poll(() => page.getByRole('radio', { name: studioText.audioMode }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    await page.locator(`audio[aria-label="${materialName}"]`).waitFor();
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
    await page.locator('.ant-segmented-item').filter({ hasText: studioText.textMode }).click();
    await page.getByRole('radio', { name: materialName }).waitFor();
    expect(await page.getByRole('radio', { name: materialName }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'studio-picker-material-light');
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
  });

  it('origin=audio&audioId= opens audio mode with that material audio loaded', async () => {
    await page.goto('/#/home');
    await page.goto(`/#/create?origin=audio&audioId=${materialId}`);
    await expect
      .poll(() => page.getByRole('radio', { name: studioText.audioMode }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    await page.getByText(materialName, { exact: true }).waitFor();
    const player = page.locator(`audio[aria-label="${materialName}"]`);
    await player.waitFor();
    // The player plays the material: its length is the recording's.
    const seconds = await player.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration));
          el.load();
        }),
    );
    expect(seconds).toBeGreaterThan(5);
    await screenshot(page, 'studio-origin-audio-dark');
  });

  it('type=fk takes the script from session storage and source=3 opens the avatar material library', async () => {
    await page.evaluate((text) => sessionStorage.setItem('fk_text', text), handedOver);
    await page.goto('/#/home');
    await page.goto('/#/create?type=fk&source=3');
    await expect.poll(() => page.getByRole('textbox', { name: studioText.scriptLabel }).inputValue()).toBe(handedOver);
    const avatarTabs = page.getByRole('tablist').filter({ hasText: commonLabels.myAvatars });
    expect(
      await avatarTabs.getByRole('tab', { name: commonLabels.materialLibrary }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByText('素材库暂无视频', { exact: false }).waitFor();
  });

  it("lists the user's video materials in the avatar material tab; picking one makes it the avatar", async () => {
    const fileId = await uploadVideo(makeAvatarVideo(media, 6));
    const videoName = '素材口播视频';
    await apiData(appUnderTest().baseURL, saveMaterial, { file_id: fileId, name: videoName }, token);
    await page.goto('/#/home');
    await page.goto('/#/create?source=3');
    const card = page.getByRole('group', { name: videoName });
    await card.waitFor();
    await card.click();
    expect(await card.getAttribute('aria-selected')).toBe('true');
    // The preview plays the material video itself.
    const loaded = await page.locator(`video[aria-label="${videoName}"]`).evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (el.readyState >= 2) return resolve(el.duration);
          el.addEventListener('loadeddata', () => resolve(el.duration));
        }),
    );
    expect(loaded).toBeGreaterThan(5);
    await screenshot(page, 'studio-avatar-material-dark');
  });
});

describe('studio speech language and driving audio', () => {
  it('offers the language tree of GET /api/index/langList and sends the chosen language', async () => {
    // The local engine speaks no chosen language: the channel list is answered as a channel that does.
    await page.route('**/api/index/voiceChannel?*', async (route) => {
      const response = await route.fetch();
      const reply = (await response.json()) as { data: { list: { supports: object; language: string[] }[] } };
      for (const channel of reply.data.list) {
        channel.supports = { ...channel.supports, language: true };
        channel.language = ['zh', 'yue', 'en'];
      }
      await route.fulfill({ response, json: reply });
    });
    try {
      // A fresh page, so the channel list is fetched (through the route) rather than taken from the cache.
      await page.goto('/#/create');
      await page.reload();
      const voices = page.getByRole('tablist').filter({ hasText: '公共声音' });
      await voices.getByRole('tab', { name: '公共声音' }).click();
      const languages = page.waitForResponse((r) => r.url().includes('/api/index/langList'));
      await page.getByRole('radio', { name: '离线合成男声' }).click();
      await languages;

      const picker = page.locator('.ant-cascader').filter({ has: page.getByRole('combobox', { name: '语言' }) });
      await picker.click();
      const menu = page.locator('.ant-cascader-dropdown').filter({ visible: true });
      await menu.getByText('中文', { exact: true }).hover();
      await menu.getByText('粤语', { exact: true }).waitFor();
      await menu.getByText('普通话', { exact: true }).waitFor();
      await menu.getByText('英语', { exact: true }).waitFor();
      // The tree is cut to what the channel speaks.
      expect(await menu.getByText('法语', { exact: true }).count()).toBe(0);
      await screenshot(page, 'studio-language-picker-1440');
      await menu.getByText('粤语', { exact: true }).click();
      await picker.getByText('中文 / 粤语').waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await picker.scrollIntoViewIfNeeded();
      await picker.click();
      await menu.getByText('中文', { exact: true }).hover();
      await menu.getByText('粤语', { exact: true }).waitFor();
      await screenshot(page, 'studio-language-picker-390');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByRole('textbox', { name: '台词' }).fill('今天天气很好。');
      const audition = page.waitForRequest((r) => r.url().includes('/api/user/audition') && r.method() === 'POST');
      await page.getByRole('button', { name: /试\s*听$/ }).click();
      expect(new URLSearchParams((await audition).postData() ?? '').get('language')).toBe('yue');
    } finally {
      await page.unroute('**/api/index/voiceChannel?*');
    }
  });

  it('takes a 30-minute driving audio past the 20 MB clone cap, and refuses a longer one before uploading', async () => {
    const thirty = makeLongAudio(media, '三十分钟口播.wav', 1800);
    const longer = makeLongAudio(media, '三十一分钟口播.wav', 1860);
    expect(statSync(thirty).size).toBeGreaterThan(CLONE_RECORDING_MAX_BYTES);
    await page.goto('/#/home');
    await page.goto('/#/create');
    await page.locator('.ant-segmented-item').filter({ hasText: '音频驱动' }).click();
    const input = page.locator('input[type=file]');

    const signed: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes('/api/upload/sign')) signed.push(r.url());
    };
    page.on('request', onRequest);
    await input.setInputFiles(longer);
    await page.locator('.ant-message').getByText(filesMessages.tooLong('voice', 1800), { exact: true }).waitFor();
    page.off('request', onRequest);
    expect(signed).toEqual([]);

    await input.setInputFiles(thirty);
    await page.locator('.ant-message').getByText(filesMessages.uploaded, { exact: true }).waitFor({ timeout: 60_000 });
    await page.locator('audio[aria-label="三十分钟口播.wav"]').waitFor();
    await page.getByText('预计时长约 1800 秒').waitFor();
    await screenshot(page, 'studio-audio-thirty-minutes-dark');
  });
});
