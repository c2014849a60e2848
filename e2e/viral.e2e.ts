import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listCopyTrace, listViralProjects, viralMessages } from '@app/contract';
import { connectBrowser, newVisitorContext, settledScreenshot, toast, watchPage, button } from './support/browser';
import { appUnderTest } from './support/context';
import { answerLeave, redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';
import { e2eViral } from './support/viral-fakes';
import { makeSiteMedia, startFakeSite, type FakeSite } from '../apps/server/src/modules/extraction/testing/fake-site';
import { viralText as t } from '../apps/web/src/features/viral/messages';
import { multiplesText } from '../apps/web/src/features/multiples/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 200 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let site: FakeSite;
let dir: string;

beforeAll(async () => {
  appUnderTest();
  dir = mkdtempSync(path.join(tmpdir(), 'e2e-viral-'));
  // A share page on 127.0.0.2, the one address the app under test may reach, with a <video> made by ffmpeg.
  site = await startFakeSite(await makeSiteMedia(dir));
  browser = await connectBrowser();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('viral content journey', () => {
  it('analyses a viral video link, mimics it for 我的咖啡店, sends it to the studio, then splits it into composer scenes', async () => {
    const { baseURL } = appUnderTest();
    context = await newVisitorContext(browser, baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'viral_', await redeemCode(500));

    // From the navigation.
    await page.getByRole('menuitem', { name: t.navAnalysis }).click();
    await page.waitForURL(/#\/explosiveAnalysis$/);
    await page.getByRole('textbox', { name: t.linkLabel }).waitFor();
    await settledScreenshot(page, 'viral-empty');

    // A pasted share text with the loopback link → extraction → transcription → report.
    await page
      .getByRole('textbox', { name: t.linkLabel })
      .fill(`复制打开抖音，看看【九块九的咖啡】 ${site.url}/share/video.html 复制此链接，打开Dou音搜索`);
    await button(page, t.analyse).click();
    await toast(page, viralMessages.analyseSubmitted).waitFor();
    await page.waitForURL(/#\/explosiveAnalysis\?id=\d+$/);
    const report = page.getByTestId('viral-report');
    await report.waitFor({ timeout: 120_000 });
    await report.getByText(e2eViral.hook).waitFor();
    for (const b of e2eViral.beats) await report.getByText(b.title, { exact: true }).waitFor();
    await report.getByText(e2eViral.why).waitFor();
    await report.getByText('九块九低价').waitFor();
    await settledScreenshot(page, 'viral-report');
    const projects = await apiData(baseURL, listViralProjects, { page: 1, limit: 0 }, token);
    expect(projects.list[0]!.transcript).toBe(e2eViral.heard.join(''));

    // Mimic for 我的咖啡店: as many parts as the original had beats.
    await page.getByRole('textbox', { name: t.topicLabel }).fill('我的咖啡店');
    await button(page, t.mimic).click();
    const script = page.getByTestId('mimic-script');
    await script.getByText(e2eViral.mimicLine(3)).waitFor();
    expect(await script.locator('.ant-card').count()).toBe(e2eViral.beats.length);
    await settledScreenshot(page, 'viral-mimic');

    // To the studio: the script is in its text box.
    await button(page, t.toStudio).click();
    await page.waitForURL(/#\/create\?type=fk$/);
    await page.waitForFunction(
      (text) => Array.from(document.querySelectorAll('textarea')).some((x) => x.value.includes(text)),
      e2eViral.mimicLine(0),
    );
    await settledScreenshot(page, 'viral-studio');

    // Back: the studio asks first (the script is unsent; its draft stays); the mimic script is still there;
    // split into scenes, the composer shows one per beat.
    await page.goBack();
    await answerLeave(page, true);
    await page.getByTestId('mimic-script').getByText(e2eViral.mimicLine(0)).waitFor();
    await button(page, t.toScenes).click();
    await page.waitForURL(/#\/multiples$/);
    for (let i = 0; i < e2eViral.beats.length; i++)
      await expect
        .poll(() =>
          page
            .locator(`[aria-label="${multiplesText.scene(i + 1)}"]`)
            .getByRole('textbox')
            .first()
            .inputValue(),
        )
        .toBe(e2eViral.mimicLine(i));
    expect(await page.locator(`[aria-label="${multiplesText.scene(5)}"]`).count()).toBe(0);
    await settledScreenshot(page, 'viral-multiples');

    // The project list keeps the analysis.
    await page.goto(`${baseURL}/#/explosiveAnalysis/project`);
    const row = page
      .getByRole('row')
      .filter({ hasText: /春日樱花/ })
      .first();
    await row.waitFor();
    // Its cover is a picture the app stored from the extracted video, drawn in the list.
    const cover = row.getByRole('img', { name: /的封面$/ });
    await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cover.getAttribute('src')).not.toMatch(/127\.0\.0\.2/);
    await settledScreenshot(page, 'viral-projects');
  });

  it('analyses an account, proposes topics, writes copy and lists what was generated', async () => {
    const { baseURL } = appUnderTest();
    await page.goto(`${baseURL}/#/explosiveAnalysis/user`);
    await page.getByRole('textbox', { name: t.profileText }).fill('社区咖啡店，每天分享平价手冲和探店日常');
    await button(page, t.analyseIp).click();
    const ipReport = page.getByTestId('ip-report');
    await ipReport.getByText('社区咖啡店主理人').waitFor();
    // The account report reads in sections like the video report, not as one block of text.
    for (const section of [t.positioning, t.audience, t.pillars, t.style, t.suggestions])
      await ipReport.getByRole('region', { name: new RegExp(`^${section}`) }).waitFor();
    expect(await ipReport.getByRole('region', { name: t.suggestions }).getByRole('listitem').count()).toBeGreaterThan(
      0,
    );
    await button(page, t.proposeTopics).click();
    await page.getByTestId('topic-list').getByText('1. 咖啡选题1').waitFor();
    await settledScreenshot(page, 'viral-account');

    // A topic leads to copywriting with its title filled in.
    await page
      .getByTestId('topic-list')
      .getByRole('button', { name: new RegExp(t.writeCopy) })
      .first()
      .click();
    await page.waitForURL(/#\/copywrite\/index\?topic=/);
    await expect.poll(() => page.getByRole('textbox', { name: t.copyTopic }).inputValue()).toBe('咖啡选题1');
    await page
      .locator('.ant-card')
      .getByRole('button', { name: new RegExp(`${[...t.actions.generate].join('\\s*')}$`) })
      .click();
    await toast(page, viralMessages.generated).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: t.result }).inputValue()).toContain('咖啡九块九');
    await settledScreenshot(page, 'viral-copywrite');

    await page.goto(`${baseURL}/#/explosiveAnalysis/character`);
    await page.getByRole('textbox', { name: t.characterTitle }).fill('社区咖啡店老板');
    await button(page, t.proposeTopics).click();
    await page.getByTestId('topic-list').waitFor();
    await settledScreenshot(page, 'viral-character');

    await page.goto(`${baseURL}/#/store/copywrite/trace`);
    await page.getByText('新店开业第一天，咖啡九块九，快来尝尝！').waitFor();
    await settledScreenshot(page, 'viral-trace');
  });

  it('drafts a one-click viral video, edits its scenes and submits one multi-scene work', async () => {
    const { baseURL } = appUnderTest();
    await page.goto(`${baseURL}/#/cozeVideo`);
    await page.getByRole('textbox', { name: t.copyTopic }).fill('我的咖啡店');
    // The first avatar and the first voice, picked with the keyboard (one dropdown open at a time).
    for (const name of [t.avatars, t.voice]) {
      await page.getByRole('combobox', { name }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    }
    await page.getByRole('spinbutton', { name: t.sceneCount }).fill('3');
    await settledScreenshot(page, 'viral-coze');
    await button(page, t.draft).click();
    await page.waitForURL(/#\/cozeVideo\/editVideo\?id=\d+$/);
    await page.getByRole('textbox', { name: t.scene(3) }).waitFor();
    await page.getByRole('textbox', { name: t.scene(1) }).fill('改过的开头：新店开业，咖啡九块九！');
    await settledScreenshot(page, 'viral-edit-video');
    await button(page, t.submit).click();
    await page.getByText(t.submitDone).waitFor();
    await settledScreenshot(page, 'viral-coze-submitted');
    await page.getByRole('dialog').getByRole('button', { name: t.toWorks }).click();
    await page.waitForURL(/#\/works/);

    await page.goto(`${baseURL}/#/cozeVideo/history`);
    await page.getByText(t.submittedStatus).waitFor();
    await settledScreenshot(page, 'viral-history');
  });

  it('shows the screens not open yet as coming soon, never a broken page', async () => {
    const { baseURL } = appUnderTest();
    await page.goto(`${baseURL}/#/home`);
    const employee = page.getByRole('menuitem', { name: new RegExp(t.navEmployee) });
    await employee.getByText('敬请期待').waitFor();
    await employee.click();
    await toast(page, '功能暂未开放，敬请期待').waitFor();
    expect(page.url()).toMatch(/#\/home$/);
    await settledScreenshot(page, 'viral-nav-coming-soon');
    for (const route of ['/employee', '/helper/index', '/music', '/store/music/index']) {
      await page.goto(`${baseURL}/#${route}`);
      await page.getByText(t.comingSoonTitle).waitFor();
    }
    await settledScreenshot(page, 'viral-coming-soon');
    const trace = await apiData(
      baseURL,
      listCopyTrace,
      { page: 1, limit: 0 },
      await page.evaluate(() => localStorage.getItem('token') ?? ''),
    );
    expect(trace.total).toBeGreaterThan(0);
  });
});
