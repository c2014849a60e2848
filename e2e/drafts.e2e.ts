import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAvatars, listVoices, studioMessages, type Avatar } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { answerLeave, leaveQuestion, redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { aiMediaLabels } from '../apps/web/src/features/ai-media/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { multiplesText as mt } from '../apps/web/src/features/multiples/messages';
import { worksMessages } from '../apps/web/src/features/works/messages';
import { shellMessages } from '../apps/web/src/app/layout/messages';
import { materialsLabels } from '../apps/web/src/features/materials/messages';
import { accountMenuMessages } from '../apps/web/src/features/account/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 500 });
const script = '这是一段还没有提交的口播稿，离开页面再回来它还在。';
const prompt = '一只在雪地里奔跑的橘猫';
const videoPrompt = '清晨的西湖，薄雾里一条小船缓缓划过';
const scenes = ['第一个场景：大家好，欢迎来到直播间。', '第二个场景：今天给大家介绍一款新产品。'];
const composition = '新品发布多场景';

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
const sceneText = (n: number) => page.getByRole('textbox', { name: `${mt.scene(n)}${mt.scriptLabel}` });
const leaveDialog = () => leaveQuestion(page);
/** The question before leaving the composer is shown (and kept as `shot`); 取消 stays on the composer. */
async function staysAfterAsking(shot: string) {
  await leaveDialog().waitFor();
  await screenshot(page, shot);
  await answerLeave(page, false);
  await leaveDialog().waitFor({ state: 'hidden' });
  expect(page.url()).toMatch(/#\/multiples$/);
}
/** The composer's own state restored: both scenes' texts, the name, the drive mode. */
async function expectComposition() {
  await eventually(() => sceneText(2).count()).toBe(1);
  expect(await sceneText(1).inputValue()).toBe(scenes[0]);
  expect(await sceneText(2).inputValue()).toBe(scenes[1]);
  await page.getByRole('heading', { name: composition }).waitFor();
  expect(await page.getByRole('radio', { name: mt.random }).isChecked()).toBe(true);
}

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

  it('keeps the unsent composition across pages and reloads, asks before leaving it, and clears it once submitted', async () => {
    await page.goto('/#/multiples');
    await sceneText(1).fill(scenes[0]!);
    await page.getByRole('button', { name: mt.addTextScene }).click();
    await sceneText(2).fill(scenes[1]!);
    await page.getByRole('heading', { name: mt.defaultWorkName }).click();
    const title = page.locator('.ant-typography-edit-content textarea');
    await title.fill(composition);
    await title.press('Enter');
    await page.getByRole('radio', { name: mt.random }).check();

    // Another page of the app asks first; 取消 stays with everything in place.
    await page.getByRole('menuitem', { name: worksMessages.navLabel }).click();
    await staysAfterAsking('drafts-leave-confirm');
    await expectComposition();
    // 确定 leaves; the composition comes back on return and after a reload.
    await page.getByRole('menuitem', { name: worksMessages.navLabel }).click();
    await answerLeave(page, true);
    await page.waitForURL(/#\/works/);
    await page.goto('/#/multiples');
    await expectComposition();
    await page.reload();
    await expectComposition();
    await screenshot(page, 'drafts-composer-restored');

    // On a phone: the same question from the navigation drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expectComposition();
      await screenshot(page, 'drafts-composer-restored-phone');
      await page.getByRole('button', { name: shellMessages.openNav }).click();
      await page.getByRole('menuitem', { name: worksMessages.navLabel }).click();
      await staysAfterAsking('drafts-leave-confirm-phone');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.keyboard.press('Escape');

    // Submitted as audio (no avatar needed), one voice for both scenes: the draft goes, leaving no longer asks.
    await page.getByRole('radio', { name: mt.outputAudio }).check();
    await page.getByRole('button', { name: `${mt.scene(1)}${mt.voice}${mt.changeVoice}` }).click();
    const voices = page.getByRole('dialog', { name: mt.voiceDialog });
    await voices.getByRole('radio').first().click();
    await voices.getByRole('checkbox', { name: mt.allScenes }).check();
    await voices.getByRole('button', { name: /^确\s?定$/ }).click();
    await voices.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: mt.submit }).click();
    const done = page.getByRole('dialog').filter({ hasText: mt.submitDone });
    await done.getByRole('button', { name: mt.toWorks }).click();
    await page.waitForURL(/#\/works/);
    expect(await leaveDialog().count()).toBe(0);
    dialogs.length = 0;
    await page.reload();
    expect(dialogs).not.toContain('beforeunload');
    await page.goto('/#/multiples');
    await sceneText(1).waitFor();
    await page.waitForTimeout(1_000);
    expect(await sceneText(1).inputValue()).toBe('');
    expect(await sceneText(2).count()).toBe(0);
    await page.getByRole('heading', { name: mt.defaultWorkName }).waitFor();
    // Nothing unsent here: other pages open without a question.
    await page.getByRole('menuitem', { name: worksMessages.navLabel }).click();
    await page.waitForURL(/#\/works/);
    expect(await leaveDialog().count()).toBe(0);
  });

  it('keeps the AI video description across pages and reloads', async () => {
    await page.goto('/#/store/wsVideo');
    const editor = page.getByRole('textbox', { name: aiMediaLabels.description });
    await editor.click();
    await page.keyboard.type(videoPrompt);
    // The home button of the top bar is in-app navigation too: it asks, 确定 leaves.
    await page.getByRole('link', { name: shellMessages.home }).click();
    await answerLeave(page, true);
    await page.waitForURL(/#\/home/);
    await page.goto('/#/store/wsVideo');
    await eventually(() => editor.innerText()).toBe(videoPrompt);
    await page.reload();
    await eventually(() => editor.innerText()).toBe(videoPrompt);
    // Image-to-video keeps its own description.
    await page.goto('/#/store/tsVideo');
    await page.getByRole('tab', { name: aiMediaLabels.tabFrames }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await editor.innerText()).toBe('');
  });

  it('asks before the browser’s Back leaves unsent work too, but not before signing out', async () => {
    await page.goto('/#/works');
    await page.getByRole('menuitem', { name: materialsLabels.title }).click();
    await page.waitForURL(/#\/material/);
    await page.getByRole('menuitem', { name: mt.navLabel }).click();
    await sceneText(1).fill(scenes[0]!);
    await page.goBack();
    await staysAfterAsking('drafts-leave-confirm-back');
    expect(await sceneText(1).inputValue()).toBe(scenes[0]);
    await page.goBack();
    await answerLeave(page, true);
    await page.waitForURL(/#\/material/);
    expect(await leaveDialog().count()).toBe(0);

    // Signing out is not asked about: the session ends, and the draft waits for the next sign-in.
    await page.getByRole('menuitem', { name: mt.navLabel }).click();
    await eventually(() => sceneText(1).inputValue()).toBe(scenes[0]);
    await page.getByRole('button', { name: accountMenuMessages.account }).click();
    await page.getByRole('button', { name: accountMenuMessages.logout }).click();
    await page.waitForURL(/#\/login/);
    await page.waitForTimeout(500);
    expect(await leaveDialog().count()).toBe(0);
  });
});
