import { createReadStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyseMessages, filesMessages, getSiteSettings, listMaterials, listVideoAnalyse } from '@app/contract';
import { connectBrowser, newVisitorContext, settledScreenshot, toast, watchPage, button } from './support/browser';
import { appUnderTest } from './support/context';
import { makeShortClip, mediaTempDir, probeCodecs } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';
import { startLoopbackFake } from '../apps/server/test/loopback-fake';
import { toolsLabels } from '../apps/web/src/features/tools/messages';
import { materialsLabels } from '../apps/web/src/features/materials/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';
import { viralText } from '../apps/web/src/features/viral/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });

const TITLE = '春日樱花下的街头舞蹈表演完整版';

/**
 * A share page on 127.0.0.2 (the address the app under test is allowed to reach for this journey):
 * an HTML page with a <video> and a direct link to an mp4 made by ffmpeg. The mp4 is held back until
 * `release()`, so the page can be seen showing the record as processing.
 */
async function startSharePage(clip: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = await startLoopbackFake({
    host: '127.0.0.2',
    routes: {
      '/share/video.html': () => ({
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body:
          `<!doctype html><html><head><meta charset="utf-8"><title>${TITLE}</title></head>` +
          `<body><video src="/media/clip.mp4" controls></video><a href="/media/clip.mp4">下载</a></body></html>`,
      }),
      '/media/clip.mp4': async (_req, _index, res) => {
        await released;
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': statSync(clip).size });
        createReadStream(clip).pipe(res);
      },
    },
  });
  return { url: server.url, release, close: server.close };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;
let token: string;
let site: Awaited<ReturnType<typeof startSharePage>>;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
  media = mediaTempDir();
  site = await startSharePage(makeShortClip(media, 'clip.mp4'));
});

afterAll(async () => {
  site?.release();
  await site?.close();
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});

afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** Plays a media element until a second has gone by (or it ended). */
function playsFor(element: Locator): Promise<{ time: number; ended: boolean }> {
  return element.evaluate(
    (el: HTMLMediaElement) =>
      new Promise<{ time: number; ended: boolean }>((resolve, reject) => {
        const done = () => resolve({ time: el.currentTime, ended: el.ended });
        el.addEventListener('timeupdate', () => (el.currentTime >= 1 || el.ended) && done());
        el.addEventListener('ended', done);
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code ?? '?'}`)));
        setTimeout(() => reject(new Error(`still at ${el.currentTime} s after 20 s`)), 20_000);
        el.play().catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
      }),
  );
}

const record = (title: string) => page.getByRole('group', { name: title });

describe('extraction journey', () => {
  it('launches the tools, extracts a video from a share text, downloads it and saves it to materials', async () => {
    context = await newVisitorContext(browser, appUnderTest().baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    token = await registerWithCode(page, 'ext_', await redeemCode(100));

    // The launcher: the creation bundle is in the left navigation; tiles by group; a tile that is
    // not on here shows 敬请期待 and goes nowhere.
    await page.getByRole('menuitem', { name: toolsLabels.navLabel }).click();
    await page.waitForURL(/#\/store$/);
    for (const g of Object.values(toolsLabels.groups)) await page.getByRole('region', { name: g }).waitFor();
    // Every tile the site has on (by default, those the server's modules bring) is drawn by its feature.
    const { store_tools: on } = await apiData(appUnderTest().baseURL, getSiteSettings, {});
    expect(on).toContain('extraction');
    for (const key of on) expect(await page.locator(`[data-tool="${key}"][role="link"]`).count(), key).toBe(1);
    const soon = page.getByRole('group', { name: viralText.tiles.music.name });
    expect(await soon.getAttribute('aria-disabled')).toBe('true');
    await page.locator('.ant-ribbon', { hasText: toolsLabels.comingSoon }).first().waitFor();
    await soon.click({ force: true });
    expect(page.url()).toMatch(/#\/store$/);
    await settledScreenshot(page, 'store-launcher-dark');
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await settledScreenshot(page, 'store-launcher-light');
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();

    await page.getByRole('link', { name: toolsLabels.tiles.extraction.name }).click();
    await page.waitForURL(/#\/store\/extraction$/);
    await page.getByText(toolsLabels.freeLeft(3, 3)).waitFor();
    await page.getByText(toolsLabels.empty).waitFor();

    // A paste without a link is refused in the page.
    const box = page.getByRole('textbox', { name: toolsLabels.linkLabel });
    await box.fill('看看这个视频');
    await button(page, toolsLabels.parse).click();
    await toast(page, analyseMessages.linkNotFound).waitFor();

    // A whole share text: the link in it is parsed; the record shows processing, then succeeds.
    await box.fill(
      `7.94 复制打开抖音，看看【${TITLE}】 ${site.url}/share/video.html 复制此链接，打开Dou音搜索，直接观看视频！`,
    );
    await button(page, toolsLabels.parse).click();
    await toast(page, analyseMessages.submitted).waitFor();
    const processing = page.getByRole('group', { name: /.+/ }).filter({ hasText: analyseMessages.processing });
    await processing.first().waitFor();
    await page.getByRole('tab', { name: toolsLabels.tabs.processing }).click();
    await processing.first().waitFor();
    await settledScreenshot(page, 'extraction-processing');
    site.release();
    await page.getByRole('tab', { name: toolsLabels.tabs.all }).click();
    await record(TITLE).filter({ hasText: analyseMessages.success }).waitFor({ timeout: 60_000 });
    await page.getByText(toolsLabels.freeLeft(2, 3)).waitFor();
    const done = record(TITLE);
    await done.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await settledScreenshot(page, 'extraction-success');

    // Download: the file the browser saves is the video.
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await button(done, toolsLabels.download).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${TITLE.slice(0, 15)}.mp4`);
    const saved = path.join(media, 'downloaded.mp4');
    await download.saveAs(saved);
    expect(probeCodecs(saved).codecs).toEqual(expect.arrayContaining(['h264', 'aac']));

    // Save to materials, then find it in the library.
    await button(done, toolsLabels.save).click();
    await toast(page, filesMessages.savedForProcessing).waitFor();
    const { list } = await apiData(appUnderTest().baseURL, listVideoAnalyse, { limit: 999, page: 1 }, token);
    expect(list[0]).toMatchObject({ status: 3, desc: TITLE });
    await page.goto('/#/material/index');
    await page.getByRole('tab', { name: materialsLabels.tabs.video }).click();
    await page.getByText(TITLE.slice(0, 15), { exact: true }).waitFor();
    const lib = await apiData(appUnderTest().baseURL, listMaterials, { type: 'video', source: 'analyse' }, token);
    expect(lib.list).toHaveLength(1);
  });

  it('extracts the audio of an uploaded mp4 and plays it', async () => {
    await page.goto('/#/store/audioExtraction');
    await page.getByText(toolsLabels.freeLeft(3, 3)).waitFor();
    await page.getByText(toolsLabels.fromUpload, { exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(makeShortClip(media, '演讲片段.mp4'));
    await toast(page, analyseMessages.audioSubmitted).waitFor({ timeout: 60_000 });
    const done = page.getByRole('group', { name: /.+/ }).filter({ hasText: analyseMessages.success });
    await done.first().waitFor({ timeout: 60_000 });
    await page.getByText(toolsLabels.freeLeft(2, 3)).waitFor();
    const played = await playsFor(done.first().locator('audio'));
    expect(played.time).toBeGreaterThan(0.5);
    await page.evaluate(() => document.querySelectorAll('audio').forEach((a) => a.pause()));
    await settledScreenshot(page, 'audio-extraction');
  });
});
