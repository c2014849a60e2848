import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiMediaMessages, filesMessages } from '@app/contract';
import { connectBrowser, newVisitorContext, screenshot, settledScreenshot, toast, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { makePicture, mediaTempDir } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { aiMediaLabels } from '../apps/web/src/features/ai-media/messages';
import { dialogLabels } from '../apps/web/src/components/dialogs/messages';

/**
 * AI pictures and videos against the loopback fake of 可灵's API the e2e set-up starts (it answers
 * submitted → processing → succeed with a test picture or clip): generate, see the record in progress
 * then done in the history, open it, download it, delete it; the creativity warning; the pro message.
 */
const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`${[...text].join('\\s*')}`) });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
  media = mediaTempDir();
  context = await newVisitorContext(browser, appUnderTest().baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  await registerWithCode(page, 'ai_', await redeemCode(5000));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});

afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

const history = () => page.getByRole('list', { name: aiMediaLabels.history });
const records = () => history().getByRole('listitem');

/** Waits for the newest record to show in progress, then (the history polls every 15 s) done. */
async function inProgressThenDone(): Promise<Locator> {
  const first = records().first();
  await first.getByText(new RegExp(`${aiMediaLabels.statusRunning}|排队中`)).waitFor();
  await first.getByText(aiMediaLabels.statusDone).waitFor({ timeout: 60_000 });
  return first;
}

async function downloads(trigger: () => Promise<void>, name: string) {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await trigger();
  const d = await downloading;
  await d.saveAs(path.join(media, name));
  await toast(page, filesMessages.downloaded).waitFor();
  return d.suggestedFilename();
}

async function confirmDelete(trigger: () => Promise<void>) {
  await trigger();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: new RegExp(dialogLabels.ok.split('').join('\\s*')) })
    .click();
  await toast(page, aiMediaMessages.deleted).waitFor();
}

describe('AI pictures and videos', () => {
  it('text-to-image: generates, opens the result, browses, downloads and deletes', async () => {
    await page.goto('/#/store');
    await page.getByRole('link', { name: aiMediaLabels.tiles.wsImage.name }).click();
    await page.waitForURL(/#\/store\/wsImage$/);
    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.promptRequired).waitFor();

    // A recommendation fills the description; two pictures cost 20.
    const box = page.getByRole('textbox', { name: aiMediaLabels.description });
    await page
      .getByRole('button', { name: /.+/ })
      .filter({ has: page.locator('.ant-tag') })
      .count();
    await page.locator('.ant-tag[role=button]').first().click();
    await eventually(() => box.inputValue()).not.toBe('');
    await page.getByRole('spinbutton', { name: aiMediaLabels.count }).fill('2');
    await button(page, `${aiMediaLabels.generate}（20${aiMediaLabels.points}）`).waitFor();
    // The user's own reference picture, uploaded from this computer, goes with the order.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `${aiMediaLabels.uploadPicture} ${aiMediaLabels.reference}` }).click();
    await (await chooser).setFiles(makePicture(media, 'reference.png', 640, 480));
    const reference = page.getByRole('img', { name: aiMediaLabels.reference });
    await reference.waitFor();
    await settledScreenshot(page, 'ai-image-form');
    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.submitted).waitFor();
    const done = await inProgressThenDone();

    // Cleared here, the reference comes back from the finished record: the server kept it with the order.
    await page.getByRole('button', { name: `${aiMediaLabels.removePicture} ${aiMediaLabels.reference}` }).click();
    await eventually(() => reference.count()).toBe(0);
    await done.click();
    await reference.waitFor();
    await page.getByRole('button', { name: `${aiMediaLabels.preview} 2` }).click();
    await settledScreenshot(page, 'ai-image-done');
    expect(await downloads(() => button(page, aiMediaLabels.download).click(), 'picture.png')).toMatch(/\.png$/);

    await button(page, aiMediaLabels.openBrowse).click();
    const carousel = page.getByRole('dialog', { name: aiMediaLabels.browse });
    await carousel.locator('.slick-active img').waitFor();
    await page.evaluate(() => Promise.all(Array.from(document.images).map((i) => i.decode().catch(() => undefined))));
    await screenshot(page, 'ai-image-carousel');
    await carousel.getByRole('button', { name: /close|关闭/i }).click();

    await confirmDelete(() => done.getByRole('button', { name: new RegExp(aiMediaLabels.delete) }).click());
    await eventually(() => records().count()).toBe(0);
  });

  it('text-to-video: words at the cursor, creativity warning, pro message, generate, play, download, delete', async () => {
    await page.goto('/#/store/wsVideo');
    const editor = page.getByRole('textbox', { name: aiMediaLabels.description });
    await editor.waitFor();
    const word = page.locator('.ant-tag[role=button]').first();
    await word.waitFor();
    // Outside the editor a word cannot be placed.
    await word.click();
    await toast(page, aiMediaMessages.cursorOutside).waitFor();
    await editor.click();
    await page.keyboard.type('一只金毛在海边奔跑，');
    await word.click();
    await eventually(() => editor.locator('.ai-word').count()).toBe(1);
    await word.click();
    await eventually(() => editor.locator('.ai-word').count()).toBe(1);

    // Presets need a name.
    await page.getByRole('tab', { name: aiMediaLabels.myPresets }).click();
    await button(page, aiMediaLabels.addPreset).click();
    const presetDialog = page.getByRole('dialog', { name: aiMediaLabels.presetDialog });
    await presetDialog.getByRole('button', { name: new RegExp(aiMediaLabels.save.split('').join('\\s*')) }).click();
    await presetDialog.getByText(aiMediaMessages.presetTitleRequired).waitFor();
    await presetDialog.getByRole('button', { name: /取\s*消/ }).click();

    // Creativity 0.5 → 0.8 shows the warning.
    await presetDialog.waitFor({ state: 'hidden' });
    const slider = page.getByRole('slider', { name: aiMediaLabels.creativity });
    await slider.waitFor();
    const rail = (await page.locator('.ant-slider').first().boundingBox())!;
    await page.mouse.click(rail.x + rail.width * 0.8, rail.y + rail.height / 2);
    await eventually(() => slider.getAttribute('aria-valuenow')).toBe('0.8');
    await page.getByText(aiMediaMessages.creativityWarning).waitFor();
    // 高品质 cannot be chosen.
    await page.getByText(aiMediaLabels.modePro, { exact: true }).click();
    await toast(page, aiMediaMessages.proUnavailable).waitFor();
    await page.getByText(aiMediaLabels.seconds(10), { exact: true }).click();
    await button(page, `${aiMediaLabels.generate}（720${aiMediaLabels.points}）`).waitFor();
    await settledScreenshot(page, 'ai-text-video-form');

    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.submitted).waitFor();
    const done = await inProgressThenDone();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await done.click();
    // Its order comes back: the words of org_data and the settings.
    await eventually(() => editor.locator('.ai-word').count()).toBe(1);
    await button(page, `${aiMediaLabels.generate}（720${aiMediaLabels.points}）`).waitFor();
    const video = page.getByLabel(aiMediaLabels.preview).locator('video').or(page.locator('video'));
    await video.first().waitFor();
    await eventually(() => video.first().evaluate((v: HTMLVideoElement) => v.readyState >= 1)).toBe(true);
    await settledScreenshot(page, 'ai-text-video-done');
    expect(await downloads(() => button(page, aiMediaLabels.download).click(), 'video.mp4')).toMatch(/\.mp4$/);
    await confirmDelete(() =>
      page
        .locator('.ant-card-extra')
        .getByRole('button', { name: new RegExp(aiMediaLabels.delete) })
        .click(),
    );
    await eventually(() => records().count()).toBe(0);
  });

  it('image-to-video: asks for the frame or the reference, then makes a video from a sample picture', async () => {
    await page.goto('/#/store/tsVideo');
    await page.getByRole('tab', { name: aiMediaLabels.tabFrames }).waitFor();
    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.firstFrameRequired).waitFor();
    await page.getByRole('tab', { name: aiMediaLabels.tabReference }).click();
    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.referenceRequired).waitFor();
    await page.getByRole('tab', { name: aiMediaLabels.tabFrames }).click();
    const samples = page.getByRole('button', { name: new RegExp(`^${aiMediaLabels.useSample}`) });
    await eventually(() => samples.count()).toBe(5);
    await samples.first().click();
    await page
      .getByRole('img', { name: `${aiMediaLabels.firstFrame}` })
      .first()
      .waitFor();
    await settledScreenshot(page, 'ai-image-video-form');
    await button(page, aiMediaLabels.generate).click();
    await toast(page, aiMediaMessages.submitted).waitFor();
    const done = await inProgressThenDone();
    await done.click();
    await page.locator('video').first().waitFor();
    await settledScreenshot(page, 'ai-image-video-done');
  });
});
