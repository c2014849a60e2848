import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAvatars, listVoices, studioMessages, type Avatar } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { aiMediaLabels } from '../apps/web/src/features/ai-media/messages';
import { studioText } from '../apps/web/src/features/studio/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });
const script = '这是一段还没有提交的口播稿，离开页面再回来它还在。';
const prompt = '一只在雪地里奔跑的橘猫';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
/** The kinds of the dialogs the browser raised (a reload with unsent text raises beforeunload). */
const dialogs: string[] = [];

beforeAll(async () => {
  const { baseURL } = appUnderTest();
  browser = await connectBrowser();
  context = await newVisitorContext(browser, baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.type());
    void d.accept();
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

const scriptBox = () => page.getByRole('textbox', { name: studioText.scriptLabel });

describe('drafts journey', () => {
  it('keeps the unsent script across pages and reloads, per account, until it is submitted', async () => {
    const { baseURL } = appUnderTest();
    const token = await registerWithCode(page, 'draft_', await redeemCode(100_000));
    let avatar: Avatar | undefined;
    await eventually(async () => {
      const avatars = await apiData(baseURL, listAvatars, { source: '2', limit: 0 }, token);
      avatar = [...avatars.slist, ...avatars.list].find((a) => a.status !== 1);
      return !!avatar;
    }, 180_000).toBe(true);
    if (!avatar) throw new Error('no public avatar');
    const voices = await apiData(baseURL, listVoices, { source: '2', page: 1, limit: 0 }, token);
    const voice = voices.list[0];
    if (!voice) throw new Error('no public voice');

    const studio = `/#/create?id=${avatar.id}&hs=${avatar.hs ?? 2}`;
    await page.goto(studio);
    await scriptBox().fill(script);
    // Away to 我的作品 and back: the script is restored.
    await page.goto('/#/works');
    await page.waitForURL(/#\/works/);
    await page.goto(studio);
    await eventually(() => scriptBox().inputValue()).toBe(script);
    // A reload asks first (unsent text), and the script is still there.
    await page.reload();
    expect(dialogs).toContain('beforeunload');
    await eventually(() => scriptBox().inputValue()).toBe(script);

    // A second account on the same browser does not see it.
    await page.evaluate(() => localStorage.removeItem('token'));
    await registerWithCode(page, 'draft2_', await redeemCode(1_000));
    await page.goto(studio);
    await page.getByRole('textbox', { name: studioText.scriptLabel }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await scriptBox().inputValue()).toBe('');
  });

  it('clears the draft once the work is submitted', async () => {
    const { baseURL } = appUnderTest();
    await page.evaluate(() => localStorage.removeItem('token'));
    const token = await registerWithCode(page, 'draft3_', await redeemCode(100_000));
    const avatars = await apiData(baseURL, listAvatars, { source: '2', limit: 0 }, token);
    const avatar = [...avatars.slist, ...avatars.list].find((a) => a.status !== 1);
    if (!avatar) throw new Error('no public avatar');
    const voices = await apiData(baseURL, listVoices, { source: '2', page: 1, limit: 0 }, token);
    const voice = voices.list[0];
    if (!voice) throw new Error('no public voice');

    await page.goto(`/#/create?id=${avatar.id}&hs=${avatar.hs ?? 2}`);
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    await page.getByRole('radio', { name: voice.name }).first().click();
    await scriptBox().fill(script);
    await page.reload();
    await eventually(() => scriptBox().inputValue()).toBe(script);
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    await page.getByRole('radio', { name: voice.name }).first().click();
    await page.getByRole('button', { name: studioText.synthesize }).click();
    const channels = page.getByRole('dialog', { name: studioText.channelTitle });
    await channels.getByRole('radio').first().click();
    const done = page.getByRole('dialog').filter({ hasText: studioMessages.submitDone });
    await done.getByText(studioMessages.submitTitle).filter({ visible: true }).first().waitFor();
    expect(await scriptBox().inputValue()).toBe('');
    await done.getByRole('button', { name: studioText.toWorks }).click();
    await page.waitForURL(/#\/works/);
    // Nothing unsent: leaving no longer asks, and the studio opens empty.
    dialogs.length = 0;
    await page.reload();
    expect(dialogs).not.toContain('beforeunload');
    await page.goto(`/#/create?id=${avatar.id}&hs=${avatar.hs ?? 2}`);
    await scriptBox().waitFor();
    await page.waitForTimeout(1_000);
    expect(await scriptBox().inputValue()).toBe('');
  });

  it('keeps the AI picture description across pages', async () => {
    await page.goto('/#/store/wsImage');
    const box = page.getByRole('textbox', { name: aiMediaLabels.description });
    await box.fill(prompt);
    await page.goto('/#/works');
    await page.waitForURL(/#\/works/);
    await page.goto('/#/store/wsImage');
    await eventually(() => box.inputValue()).toBe(prompt);
    await page.reload();
    await eventually(() => box.inputValue()).toBe(prompt);
  });
});
