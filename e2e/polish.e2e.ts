import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAvatars, studioMessages, voiceMessages } from '@app/contract';
import { brand, rebrand, type Rebranded } from './support/brand';
import { connectBrowser, newVisitorContext, screenshot, toast, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { apiData } from './support/studio-api';
import { redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { studioText } from '../apps/web/src/features/studio/messages';

let browser: Browser;
let context: BrowserContext;
/** The site re-branded for this journey; put back after it so other journeys see the shipped brand. */
let rebranded: Rebranded | undefined;
let page: Page;
/** What went wrong in the page without failing a step (see watchPage). */
let problems: string[] = [];

beforeAll(async () => {
  const { baseURL } = appUnderTest();
  rebranded = await rebrand();
  browser = await connectBrowser();
  context = await newVisitorContext(browser, baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  const token = await registerWithCode(page, 'polish', await redeemCode(1000));
  // The demo actors are prepared after the app's first start: the studio lists them once they are ready.
  const deadline = Date.now() + 240_000;
  const ready = async () =>
    (await apiData(baseURL, listAvatars, { source: '2', hs: '2', page: 1, limit: 0 }, token)).list.some(
      (a) => a.status === 2,
    );
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('no public portrait avatar became ready');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await rebranded?.restore();
});

afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

const scriptBox = () => page.getByRole('textbox', { name: studioText.scriptLabel });
const counter = () => page.getByLabel(studioText.counterLabel);

/** The studio with a public avatar and the offline public voice chosen, ready for a script. */
async function openStudio(): Promise<void> {
  await page.goto('/#/create');
  const avatar = page.getByRole('tabpanel').getByRole('group').first();
  await avatar.waitFor().catch(async (e: unknown) => {
    await screenshot(page, 'polish-studio-no-avatar');
    throw e;
  });
  await avatar.click();
  const voices = page.getByRole('tablist').filter({ hasText: commonLabels.publicVoices });
  await voices.getByRole('tab', { name: commonLabels.publicVoices }).click();
  await page.getByRole('radio', { name: '离线合成男声' }).click();
}

/** 合成视频 → the first channel: the work is sent. */
async function synthesize(): Promise<void> {
  await page.getByRole('button', { name: studioText.synthesize }).click();
  const channels = page.getByRole('dialog', { name: studioText.channelTitle });
  await channels.getByRole('radio').first().click();
}

/** The 提交成功 dialog as shown (antd keeps a hidden copy of its title for screen readers). */
const submitted = () => page.getByText(studioMessages.submitDone).filter({ visible: true });

describe('the studio', () => {
  it('counts a script as the server does and refuses a long one in the counter’s words', async () => {
    await openStudio();
    await scriptBox().fill('字'.repeat(22400));
    await expect.poll(() => counter().innerText()).toBe('22400/10000');
    await synthesize();
    await toast(page, voiceMessages.scriptTooLong(10000)).waitFor();
    await screenshot(page, 'polish-script-too-long');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: studioText.channelTitle }).waitFor({ state: 'hidden' });
  });

  it('closes 提交成功 when the user leaves the page, by Back or by another address', async () => {
    await scriptBox().fill('大家好，欢迎光临。');
    await synthesize();
    await submitted().waitFor();
    await page.goBack();
    await page.waitForURL((url) => !url.hash.startsWith('#/create'));
    await expect.poll(() => submitted().count()).toBe(0);

    await openStudio();
    await scriptBox().fill('今天给大家介绍一款产品。');
    await synthesize();
    await submitted().waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/multiples';
    });
    await page.waitForURL(/#\/multiples/);
    await expect.poll(() => submitted().count()).toBe(0);
    await screenshot(page, 'polish-dialog-left-behind');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('a re-branded site', () => {
  it('shows its own name, logo, login heading and copyright', async () => {
    await page.goto('/#/home');
    const logo = page.locator('header img').first();
    await expect.poll(() => logo.getAttribute('src')).toBe(rebranded!.logoUrl);
    // The 800×200 logo is drawn, scaled into the bar.
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    expect((await logo.boundingBox())?.height).toBe(32);
    await page.locator('footer').getByText(`Copyright © ${brand.name}`).waitFor();
    expect(await page.title()).toBe(brand.browserTitle);
    await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href')).toBe(rebranded!.logoUrl);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(brand.browserTitle);
    await screenshot(page, 'polish-brand-home');
    await page.goto('/#/login');
    await page.getByRole('heading', { name: `欢迎使用 ${brand.name}` }).waitFor();
    await screenshot(page, 'polish-brand-login');
  });
});
