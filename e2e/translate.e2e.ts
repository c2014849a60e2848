import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listVideoTranslate, videoTranslateMessages as m, workStatusNames } from '@app/contract';
import { connectBrowser, newVisitorContext, settledScreenshot, toast, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { mediaTempDir, probeCodecs } from './support/media';
import { apiData } from './support/studio-api';
import { makeSpeechVideo } from '../apps/server/src/modules/video-translation/testing/fixtures';
import { translateLabels as l } from '../apps/web/src/features/translate/messages';
import { worksMessages } from '../apps/web/src/features/works/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;

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

afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

function playsFor(element: Locator): Promise<number> {
  return element.evaluate(
    (el: HTMLMediaElement) =>
      new Promise<number>((resolve, reject) => {
        el.addEventListener('timeupdate', () => el.currentTime >= 1 && resolve(el.currentTime));
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code ?? '?'}`)));
        setTimeout(() => reject(new Error(`still at ${el.currentTime} s after 20 s`)), 20_000);
        el.play().catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
      }),
  );
}

/** Picks `option` in the select labelled `label`, opening it again if a re-render closed it first. */
async function choose(label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  // The chosen option shows in the field with its label as the title; the open list lives elsewhere.
  const chosen = page.locator('.ant-form-item', { has: box }).getByTitle(option, { exact: true });
  await eventually(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await box.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    return chosen.count();
  }, 30_000).toBeGreaterThan(0);
}

describe('video translation journey', () => {
  it('uploads a Chinese video, translates it into English (voice only), plays it and downloads the video and SRT', async () => {
    const { baseURL } = appUnderTest();
    const video = await makeSpeechVideo(path.join(media, 'src'), { seconds: 20, name: '产品介绍.mp4' });
    context = await newVisitorContext(browser, baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'sea_', await redeemCode(500));

    // From the launcher's tile.
    await page.goto('/#/store');
    await page.getByRole('link', { name: l.tile.name }).click();
    await page.waitForURL(/#\/store\/sea$/);
    await page.getByText(l.empty).waitFor();

    // The spec's messages, in the order the page checks.
    await button(page, l.submit).click();
    await toast(page, m.fileRequired).waitFor();
    await page.locator('input[type=file]').setInputFiles(video.file);
    await page.getByText(l.uploaded('产品介绍.mp4')).waitFor({ timeout: 60_000 });
    await button(page, l.submit).click();
    await toast(page, m.sourceRequired).waitFor();
    await choose(l.sourceLang, '中文');
    await button(page, l.submit).click();
    await toast(page, m.targetRequired).waitFor();
    await choose(l.targetLang, '英语');
    await page.getByRole('radio', { name: new RegExp(l.modeNames[2]!) }).check();
    await settledScreenshot(page, 'translate-form');
    await button(page, l.submit).click();
    await toast(page, m.submitted).waitFor();

    // The list: running, then done with its cover.
    const name = '产品介绍-英语';
    const card = page.getByRole('group', { name });
    await card.waitFor();
    await card.filter({ hasText: workStatusNames.done }).waitFor({ timeout: 180_000 });
    await card.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await settledScreenshot(page, 'translate-done');

    // Plays in the dialog.
    await page.getByRole('button', { name: `${l.play} ${name}` }).click();
    const player = page.getByRole('dialog').locator('video');
    expect(await playsFor(player)).toBeGreaterThan(0.5);
    await settledScreenshot(page, 'translate-playing');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Downloads: the video (H.264 + AAC) and the English subtitles.
    let downloading = page.waitForEvent('download', { timeout: 60_000 });
    await button(card, l.downloadVideo).click();
    let download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.mp4`);
    const saved = path.join(media, 'translated.mp4');
    await download.saveAs(saved);
    expect(probeCodecs(saved).codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
    downloading = page.waitForEvent('download', { timeout: 60_000 });
    await button(card, l.downloadSrt).click();
    download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}-en.srt`);
    const srt = path.join(media, 'translated.srt');
    await download.saveAs(srt);
    const cues = readFileSync(srt, 'utf8');
    expect(cues).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:\d\d,\d{3}\nHello friends, this is line 0\./);
    const { list } = await apiData(baseURL, listVideoTranslate, { page: 1, limit: 20 }, token);
    expect(list[0]).toMatchObject({ status: 3, source_lang: 'zh', target_lang: 'en', mode: 2, credits: 40 });

    // Under 翻译视频 in the works list.
    await page.getByRole('link', { name: l.worksLink }).click();
    await page.waitForURL(/#\/works\?type1=0&type2=3$/);
    await page.getByRole('tab', { name: new RegExp(worksMessages.translatedVideos) }).waitFor();
    await page.getByText(name, { exact: true }).first().waitFor();
    await settledScreenshot(page, 'translate-works');
  });
});
