import { statSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, listMaterials, type MaterialItem, type MaterialType } from '@app/contract';
import { launchBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { inspectMedia, makePicture, makeShortClip, makeToneM4a, mediaTempDir, probeCodecs } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });
// Two-character antd buttons get a space between the characters; match either way.
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`${[...text].join('\\s*')}$`) });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

/** The uploads of this journey: what the library calls them, under which tab, and the file on disk. */
interface Upload {
  type: MaterialType;
  tab: string;
  dialog: string;
  name: string;
  file: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What went wrong in the page without failing a step (see watchPage). */
let problems: string[] = [];
let media: string;
let token: string;

beforeAll(async () => {
  appUnderTest();
  browser = await launchBrowser();
  media = mediaTempDir();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});

/** What the list call answers for one type: the API's view, not the page's. */
async function listed(type: MaterialType): Promise<MaterialItem[]> {
  const { list } = await apiData(appUnderTest().baseURL, listMaterials, { type, page: 1, limit: 100 }, token);
  return list;
}

const card = (name: string) => page.locator('.ant-card').filter({ has: page.getByText(name, { exact: true }) });

async function openTab(tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  await eventually(() => page.getByRole('tab', { name: tab, selected: true }).count()).toBe(1);
}

/**
 * Uploads one file through the library's upload dialog with the browser's upload slowed to about four
 * seconds, and returns every distinct percentage the progress bar showed on the way.
 */
async function uploadSlowly(upload: Upload): Promise<number[]> {
  // The previous upload's message must be gone, or it would be taken for this one's.
  await toast(page, filesMessages.uploaded).waitFor({ state: 'detached', timeout: 10_000 });
  await openTab(upload.tab);
  await page.getByRole('button', { name: '上传素材' }).click();
  const dialog = page.getByRole('dialog', { name: upload.dialog });
  await dialog.waitFor();

  // Record aria-valuenow of the upload bar on every change, in the page itself, so no step is missed.
  await page.evaluate(() => {
    const w = window as unknown as { uploadPercents: number[] };
    w.uploadPercents = [];
    const seen = () => {
      document.querySelectorAll('[role="progressbar"][aria-label="上传中…"]').forEach((bar) => {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (w.uploadPercents.at(-1) !== value) w.uploadPercents.push(value);
      });
    };
    new MutationObserver(seen).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });

  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = Math.max(4_000, Math.round(statSync(upload.file).size / 4));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  try {
    await dialog.locator('input[type=file]').setInputFiles(upload.file);
    // Mid-way the bar is on screen and neither empty nor full.
    await eventually(() =>
      page.evaluate(() =>
        (window as unknown as { uploadPercents: number[] }).uploadPercents.some((p) => p > 0 && p < 100),
      ),
    ).toBe(true);
    await toast(page, filesMessages.uploaded).waitFor({ timeout: 60_000 });
  } finally {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  }
  const percents = await page.evaluate(() => (window as unknown as { uploadPercents: number[] }).uploadPercents);
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await dialog.waitFor({ state: 'detached' });
  await card(upload.name).waitFor();
  return percents;
}

/** Plays a media element until a second has gone by (or it ended); resolves to where it got. */
function playsFor(element: Locator): Promise<{ time: number; width: number; ended: boolean }> {
  return element.evaluate(
    (el: HTMLMediaElement) =>
      new Promise<{ time: number; width: number; ended: boolean }>((resolve, reject) => {
        const done = () =>
          resolve({ time: el.currentTime, width: el instanceof HTMLVideoElement ? el.videoWidth : 0, ended: el.ended });
        const tick = () => {
          if (el.currentTime >= 1 || el.ended) done();
        };
        el.addEventListener('timeupdate', tick);
        el.addEventListener('ended', done);
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code ?? '?'}`)));
        setTimeout(() => reject(new Error(`still at ${el.currentTime} s after 20 s`)), 20_000);
        tick();
        // The player autoplays; a browser that blocks autoplay with sound is asked once more.
        if (el.paused) el.play().catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
      }),
  );
}

/** Before a screenshot: nothing hovered, no message or tooltip left, the tab underline where it belongs. */
async function settled() {
  await page.mouse.move(700, 800);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
  await eventually(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count()).toBe(0);
  await eventually(() =>
    page.evaluate(() => {
      const bar = document.querySelector('.ant-tabs-ink-bar')?.getBoundingClientRect();
      const tab = document.querySelector('.ant-tabs-tab-active')?.getBoundingClientRect();
      return !!bar && !!tab && Math.abs(bar.left - tab.left) < 1 && Math.abs(bar.width - tab.width) < 1;
    }),
  ).toBe(true);
}

// Each test ends with no script or console error and no API call refused or unknown to the server.
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('materials library journey', () => {
  it('uploads a picture, a clip and a recording with moving progress, previews, renames, deletes and downloads', async () => {
    const uploads: Upload[] = [
      { type: 'image', tab: '图片', dialog: '上传图片', name: '风景图', file: makePicture(media, '风景图.png') },
      { type: 'video', tab: '视频', dialog: '上传视频', name: '测试视频', file: makeShortClip(media, '测试视频.mp4') },
      { type: 'audio', tab: '音频', dialog: '上传音频', name: '测试音频', file: makeToneM4a(media, '测试音频.m4a') },
    ];
    const [image, video, audio] = uploads as [Upload, Upload, Upload];
    context = await newVisitorContext(browser, appUnderTest().baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    token = await registerWithCode(page, 'mat_', await redeemCode(1_000));

    await page.goto('/#/material/index');
    await page.getByText(filesMessages.empty).first().waitFor();

    // One file at a time: two files picked together are refused, with the message, and nothing starts.
    await page.getByRole('button', { name: '上传素材' }).click();
    const picker = page.getByRole('dialog', { name: image.dialog });
    await picker.locator('input[type=file]').setInputFiles([image.file, makePicture(media, '第二张.png', 320, 320)]);
    await toast(page, filesMessages.oneFileAtATime).waitFor();
    expect(await picker.getByRole('progressbar').count()).toBe(0);
    await picker.getByRole('button', { name: /close|关闭/i }).click();
    await picker.waitFor({ state: 'detached' });
    await expect(listed('image')).resolves.toEqual([]);

    // Upload: each bar is seen on several distinct steps between empty and full.
    for (const upload of uploads) {
      const percents = await uploadSlowly(upload);
      console.info(`${upload.name}: the upload bar showed ${percents.join(' → ')}`);
      const between = [...new Set(percents.filter((p) => p > 0 && p < 100))];
      expect(between.length, `${upload.name}: ${percents.join(', ')}`).toBeGreaterThanOrEqual(3);
      expect(percents.at(-1)).toBe(100);
      // The bar never goes back while one upload runs.
      const rising = percents.filter((p) => p > 0);
      expect(rising).toEqual([...rising].sort((a, b) => a - b));
      const [item] = await listed(upload.type);
      expect(item).toMatchObject({ name: upload.name, type: upload.type, source: 'upload' });
      expect(item?.size).toBe(statSync(upload.file).size);
    }

    // Preview: the picture opens in the viewer, loaded at its own size.
    await openTab(image.tab);
    await card(image.name).locator('img').click();
    const viewer = page.locator('.ant-image-preview-img');
    await viewer.waitFor();
    await eventually(() => viewer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The clip and the recording really play.
    await openTab(video.tab);
    await page.getByRole('button', { name: `预览 ${video.name}` }).click();
    const player = page.getByRole('dialog', { name: video.name });
    const clip = await playsFor(player.locator('video'));
    expect(clip.time >= 1 || clip.ended).toBe(true);
    expect(clip.width).toBe(640);
    await screenshot(page, 'materials-video-playing-dark');
    await player.getByRole('button', { name: /close|关闭/i }).click();
    await player.waitFor({ state: 'detached' });

    await openTab(audio.tab);
    await page.getByRole('button', { name: `预览 ${audio.name}` }).click();
    const listener = page.getByRole('dialog', { name: audio.name });
    const sound = await playsFor(listener.locator('audio'));
    expect(sound.time >= 1 || sound.ended).toBe(true);
    await listener.getByRole('button', { name: /close|关闭/i }).click();
    await listener.waitFor({ state: 'detached' });

    // Rename the recording: the card and the list call both carry the new name.
    await page.getByRole('button', { name: `重命名 ${audio.name}` }).click();
    const rename = page.getByRole('dialog', { name: '修改名称' });
    await rename.getByLabel('请输入名称').fill('改名后的音频');
    await button(rename, '确定').click();
    await rename.waitFor({ state: 'detached' });
    await card('改名后的音频').waitFor();
    await expect(card(audio.name).count()).resolves.toBe(0);
    await eventually(async () => (await listed('audio')).map((m) => m.name)).toEqual(['改名后的音频']);

    // Download the clip through the progress dialog: the saved file is the uploaded one.
    await openTab(video.tab);
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: `下载 ${video.name}` }).click();
    // A small file may finish within the dialog's opening animation; either sign shows the dialog ran.
    await page.getByRole('dialog', { name: '下载文件' }).or(toast(page, filesMessages.downloaded)).first().waitFor();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('测试视频.mp4');
    const saved = path.join(media, 'downloaded.mp4');
    await download.saveAs(saved);
    await toast(page, filesMessages.downloaded).waitFor();
    expect(statSync(saved).size).toBe(statSync(video.file).size);
    expect(probeCodecs(saved).codecs).toEqual(['h264', 'aac']);
    const report = inspectMedia(saved);
    expect(report.videoStreams).toBe(1);
    expect(report.audioStreams).toBe(1);
    expect(report.duration).toBeGreaterThan(5);

    // The library in both themes, with every upload in it.
    await settled();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await screenshot(page, 'materials-dark');
    await page.getByRole('button', { name: '切换主题' }).click();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await openTab(image.tab);
    await card(image.name)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.decode());
    await settled();
    await screenshot(page, 'materials-light');

    // Delete the picture, with confirmation: gone from the page and from the list call.
    await openTab(image.tab);
    await page.getByRole('button', { name: `删除 ${image.name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: filesMessages.confirmDelete });
    await button(confirm, '确定').click();
    await card(image.name).waitFor({ state: 'detached' });
    await page.getByText(filesMessages.empty).first().waitFor();
    await expect(listed('image')).resolves.toEqual([]);
    expect((await listed('video')).map((m) => m.name)).toEqual([video.name]);
    await page.getByRole('button', { name: '切换主题' }).click();
  });
});
