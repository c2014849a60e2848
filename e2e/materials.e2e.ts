import { statSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, listMaterials, saveMaterial, type MaterialItem, type MaterialType } from '@app/contract';
import { button, connectBrowser, newVisitorContext, screenshot, toast, toastsGone, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { inspectMedia, makePicture, makeShortClip, makeToneM4a, mediaTempDir, probeCodecs } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';
import { uploadLabels } from '../apps/web/src/components/upload/messages';
import { materialsLabels } from '../apps/web/src/features/materials/messages';
import { commonLabels } from '../apps/web/src/lib/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });

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
/** Problems a step causes on purpose (a refused request is logged in the console); only these may be left. */
let caused: RegExp[] = [];
let media: string;
let token: string;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
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

/** One state of a progress bar as the page showed it: its value and antd status, or `null` once it is gone. */
interface BarState {
  at: number;
  percent: number | null;
  status: string;
}

const UPLOAD_BAR = uploadLabels.uploading;
const DOWNLOAD_BAR = uploadLabels.downloading;

/**
 * Records in the page itself, so no step is missed, every state of the progress bar labelled `label`:
 * its value and status on each change, and when it goes. Returns a reader of the record.
 */
async function recordBar(label: string): Promise<() => Promise<BarState[]>> {
  await page.evaluate((label) => {
    const w = window as unknown as { bars?: Record<string, { log: BarState[]; observer: MutationObserver }> };
    w.bars ??= {};
    w.bars[label]?.observer.disconnect();
    const log: BarState[] = [];
    const seen = () => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
      const last = log.at(-1);
      if (!bar) {
        if (last && last.percent !== null) log.push({ at: performance.now(), percent: null, status: 'gone' });
        return;
      }
      const percent = Number(bar.getAttribute('aria-valuenow'));
      const status = /ant-progress-status-(\w+)/.exec(bar.closest('.ant-progress')?.className ?? '')?.[1] ?? '';
      if (last?.percent !== percent || last?.status !== status) log.push({ at: performance.now(), percent, status });
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow', 'class'],
    });
    w.bars[label] = { log, observer };
  }, label);
  return () =>
    page.evaluate(
      (label) => (window as unknown as { bars: Record<string, { log: BarState[] }> }).bars[label]!.log,
      label,
    );
}

const between = (states: BarState[]) =>
  states.flatMap((s) => (s.percent !== null && s.percent > 0 && s.percent < 100 ? [s.percent] : []));

/** Runs `step` with the page's network slowed by Chromium's own emulation, in bytes per second. */
async function throttled<T>(limits: { upload?: number; download?: number }, step: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const conditions = (upload: number, download: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: download,
      uploadThroughput: upload,
    });
  await cdp.send('Network.enable');
  await conditions(limits.upload ?? -1, limits.download ?? -1);
  try {
    return await step();
  } finally {
    await conditions(-1, -1);
    await cdp.detach();
  }
}

/**
 * Uploads one file through the library's upload dialog with the browser's upload slowed to about four
 * seconds, and returns every state the progress bar went through (a screenshot mid-way when `shot` is given).
 */
async function uploadSlowly(upload: Upload, shot?: string): Promise<BarState[]> {
  // The previous upload's message must be gone, or it would be taken for this one's.
  await toast(page, filesMessages.uploaded).waitFor({ state: 'detached', timeout: 10_000 });
  await openTab(upload.tab);
  await page.getByRole('button', { name: materialsLabels.upload }).click();
  const dialog = page.getByRole('dialog', { name: upload.dialog });
  await dialog.waitFor();
  const bar = await recordBar(UPLOAD_BAR);

  await throttled({ upload: Math.max(4_000, Math.round(statSync(upload.file).size / 4)) }, async () => {
    await dialog.locator('input[type=file]').setInputFiles(upload.file);
    // Mid-way the bar is on screen and neither empty nor full.
    await eventually(async () => between(await bar()).length > 0).toBe(true);
    if (shot) await screenshot(page, shot);
    await toast(page, filesMessages.uploaded).waitFor({ timeout: 60_000 });
  });
  // Shortly after, the bar is gone; the file stays in the list, done.
  await eventually(async () => (await bar()).at(-1)?.status).toBe('gone');
  const listedDone = dialog.locator('.ant-upload-list-item-done').filter({ hasText: path.basename(upload.file) });
  expect(await listedDone.count()).toBe(1);
  const states = await bar();
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await dialog.waitFor({ state: 'detached' });
  await card(upload.name).waitFor();
  return states;
}

/** No message left on screen, so a screenshot shows only the one a step causes. */
const noMessages = () => toastsGone(page);

/** Waits until every animation that ends has ended (messages in, dialogs and list items in or out). */
const stillFrame = () =>
  eventually(() =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
    ),
  ).toBe(0);

/**
 * Uploads a picture whose request `match` is held until the page shows the upload running, then
 * answered by `answer`: the page must say `message` and clear the upload and the file list.
 */
async function failedUpload(
  file: string,
  match: (url: URL) => boolean,
  answer: (route: Route) => Promise<void>,
  message: string,
  shot?: string,
): Promise<void> {
  // An earlier message with the same words must be gone, or it would be taken for this one's; before a
  // screenshot, every earlier message.
  if (shot) await noMessages();
  else await toast(page, message).waitFor({ state: 'detached', timeout: 10_000 });
  await openTab('图片');
  await page.getByRole('button', { name: materialsLabels.upload }).click();
  const dialog = page.getByRole('dialog', { name: '上传图片' });
  await dialog.waitFor();
  let arrived = () => {};
  let release = () => {};
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    arrived();
    await released;
    await answer(route);
  };
  await page.route(match, hold);
  try {
    await dialog.locator('input[type=file]').setInputFiles(file);
    await reached;
    // While the request is held, the file is listed as uploading and the bar shows.
    await dialog
      .locator('.ant-upload-list-item-uploading')
      .filter({ hasText: path.basename(file) })
      .waitFor();
    await dialog.getByRole('progressbar', { name: UPLOAD_BAR }).waitFor();
    release();
    await toast(page, message).waitFor();
    // Cleared: no file listed, no bar, and the drop zone open for another try.
    await eventually(() => dialog.locator('.ant-upload-list-item').count()).toBe(0);
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    expect(await dialog.locator('.ant-upload-disabled').count()).toBe(0);
    if (shot) {
      await stillFrame();
      await screenshot(page, shot);
    }
  } finally {
    release();
    await page.unroute(match, hold);
  }
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await dialog.waitFor({ state: 'detached' });
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
  await toastsGone(page);
  await eventually(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count()).toBe(0);
  await eventually(() =>
    page.evaluate(() => {
      const bar = document.querySelector('.ant-tabs-ink-bar')?.getBoundingClientRect();
      const tab = document.querySelector('.ant-tabs-tab-active')?.getBoundingClientRect();
      return !!bar && !!tab && Math.abs(bar.left - tab.left) < 1 && Math.abs(bar.width - tab.width) < 1;
    }),
  ).toBe(true);
}

// Each test ends with no script or console error and no API call refused or unknown to the server,
// save those it caused on purpose.
afterEach(() => {
  const left = problems.splice(0).filter((p) => !caused.some((c) => c.test(p)));
  caused = [];
  expect(left).toEqual([]);
});

describe('materials library journey', () => {
  it('uploads a picture, a clip and a recording with moving progress, previews, renames, deletes and downloads', async () => {
    const uploads: Upload[] = [
      { type: 'image', tab: '图片', dialog: '上传图片', name: '风景图', file: makePicture(media, '风景图.png') },
      {
        type: 'video',
        tab: commonLabels.video,
        dialog: commonLabels.uploadVideo,
        name: '测试视频',
        file: makeShortClip(media, '测试视频.mp4'),
      },
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
    await page.getByRole('button', { name: materialsLabels.upload }).click();
    const picker = page.getByRole('dialog', { name: image.dialog });
    await picker.locator('input[type=file]').setInputFiles([image.file, makePicture(media, '第二张.png', 320, 320)]);
    await toast(page, filesMessages.oneFileAtATime).waitFor();
    expect(await picker.getByRole('progressbar').count()).toBe(0);
    await picker.getByRole('button', { name: /close|关闭/i }).click();
    await picker.waitFor({ state: 'detached' });
    await expect(listed('image')).resolves.toEqual([]);

    // Upload: each bar is seen on several distinct steps between empty and full, active while the file
    // goes up, then success at 100, then reset 300 ms later (spec 000 §4).
    for (const upload of uploads) {
      const states = await uploadSlowly(upload, upload.type === 'video' ? 'materials-uploading' : undefined);
      const shown = states.map((s) => `${s.percent ?? '-'} ${s.status} @${Math.round(s.at)}`);
      console.info(`${upload.name}: the upload bar showed ${shown.join(' → ')}`);
      expect(new Set(between(states)).size, shown.join(', ')).toBeGreaterThanOrEqual(3);
      // The bar never goes back while one upload runs.
      const rising = states.flatMap((s) => (s.percent ? [s.percent] : []));
      expect(rising).toEqual([...rising].sort((a, b) => a - b));
      const success = states.findIndex((s) => s.status === 'success');
      expect(success, shown.join(', ')).toBeGreaterThan(0);
      expect(
        states.slice(0, success).every((s) => s.status === 'active' && s.percent! < 100),
        shown.join(', '),
      ).toBe(true);
      expect(states.slice(success).map((s) => [s.percent, s.status])).toEqual([
        [100, 'success'],
        [null, 'gone'],
      ]);
      // The reset timer runs from the commit; the observer may note the commit a frame's work later.
      const successShown = states[success + 1]!.at - states[success]!.at;
      expect(successShown).toBeGreaterThanOrEqual(200);
      expect(successShown).toBeLessThan(2_000);
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
    const rename = page.getByRole('dialog', { name: commonLabels.renameTitle });
    await rename.getByLabel(commonLabels.namePlaceholder).fill('改名后的音频');
    await button(rename, commonLabels.ok).click();
    await rename.waitFor({ state: 'detached' });
    await card('改名后的音频').waitFor();
    await expect(card(audio.name).count()).resolves.toBe(0);
    await eventually(async () => (await listed('audio')).map((m) => m.name)).toEqual(['改名后的音频']);

    // Download the clip through the progress dialog, slowed to about three seconds: its bar is seen
    // between empty and full, then 下载成功！ shows and the dialog closes; the saved file is the uploaded one.
    await openTab(video.tab);
    const downloadBar = await recordBar(DOWNLOAD_BAR);
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await throttled({ download: Math.max(4_000, Math.round(statSync(video.file).size / 3)) }, async () => {
      await page.getByRole('button', { name: `下载 ${video.name}` }).click();
      const dialog = page.getByRole('dialog', { name: uploadLabels.downloadTitle });
      await dialog.waitFor();
      await eventually(async () => between(await downloadBar()).length > 0).toBe(true);
      await screenshot(page, 'materials-downloading');
      await toast(page, filesMessages.downloaded).waitFor({ timeout: 60_000 });
      await dialog.waitFor({ state: 'detached' });
    });
    const downloadStates = await downloadBar();
    console.info(`the download bar showed ${downloadStates.map((s) => s.percent ?? '-').join(' → ')}`);
    const downloadRising = downloadStates.flatMap((s) => (s.percent !== null ? [s.percent] : []));
    expect(downloadRising).toEqual([...downloadRising].sort((a, b) => a - b));
    expect(downloadStates.at(-1)?.status).toBe('gone');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('测试视频.mp4');
    const saved = path.join(media, 'downloaded.mp4');
    await download.saveAs(saved);
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
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await openTab(image.tab);
    // A re-render while the picture decodes (the list refetching on the theme switch) rejects that
    // decode; the picture counts once the card shows it decoded.
    await eventually(() =>
      card(image.name)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth, () => 0)),
    ).toBeGreaterThan(0);
    await settled();
    await screenshot(page, 'materials-light');

    // Delete the picture, with confirmation: gone from the page and from the list call.
    await openTab(image.tab);
    await page.getByRole('button', { name: `删除 ${image.name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: filesMessages.confirmDelete });
    await button(confirm, commonLabels.ok).click();
    await card(image.name).waitFor({ state: 'detached' });
    await page.getByText(filesMessages.empty).first().waitFor();
    await expect(listed('image')).resolves.toEqual([]);
    expect((await listed('video')).map((m) => m.name)).toEqual([video.name]);
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
  });

  it('a failed upload or registration says so and clears the upload and the file list; a lost answer loses no file', async () => {
    const ids = async () => (await listed('image')).map((m) => m.id);
    const before = await ids();
    const storageHost = (url: URL) => url.pathname === '/storage-upload';
    const librarySave = (url: URL) => url.pathname === saveMaterial.path;

    // The storage host refuses the file: 上传失败，请重新上传.
    caused.push(/Failed to load resource: the server responded with a status of 500/);
    await failedUpload(
      makePicture(media, '存不进去.png'),
      storageHost,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/xml',
          body: '<Error><Code>InternalError</Code></Error>',
        }),
      filesMessages.uploadFailed,
      'materials-upload-failed',
    );

    // The server refuses to register it (a picture under 300 px): its own code-1 message shows.
    await failedUpload(
      makePicture(media, '太小的图.png', 200, 200),
      librarySave,
      (route) => route.continue(),
      filesMessages.imageTooSmall,
      'materials-upload-refused',
    );
    expect(await ids()).toEqual(before);

    // The server registers and saves it, but the answer never reaches the page: the page says the upload
    // failed, yet the file is not lost in storage outside every list: the library shows it.
    caused.push(/Failed to load resource: net::ERR_/);
    const lost = makePicture(media, '没收到回复.png');
    await failedUpload(
      lost,
      librarySave,
      async (route) => {
        await route.fetch();
        await route.abort('connectionfailed');
      },
      filesMessages.uploadFailed,
    );
    await card('没收到回复').waitFor();
    const after = await listed('image');
    expect(after.slice(1).map((m) => m.id)).toEqual(before);
    expect(after[0]).toMatchObject({ name: '没收到回复', size: statSync(lost).size, source: 'upload' });
  });

  it('a download that fails says 下载失败！ and closes its dialog', async () => {
    await openTab(commonLabels.video);
    const [clip] = await listed('video');
    const file = new URL(clip!.download_url, appUnderTest().baseURL).pathname;
    const refused = (url: URL) => url.pathname === file;
    await noMessages();
    caused.push(/Failed to load resource: the server responded with a status of 500/, /download HTTP 500/);
    await page.route(refused, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'storage down' }),
    );
    try {
      await page.getByRole('button', { name: `下载 ${clip!.name}` }).click();
      await toast(page, filesMessages.downloadFailed).waitFor();
      await page.getByRole('dialog', { name: uploadLabels.downloadTitle }).waitFor({ state: 'detached' });
      expect(await toast(page, filesMessages.downloaded).count()).toBe(0);
      await stillFrame();
      await screenshot(page, 'materials-download-failed');
    } finally {
      await page.unroute(refused);
    }
  });
});
