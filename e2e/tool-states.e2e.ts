import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '@app/contract';
import { adminToken, makeRedeemCodes } from './support/api';
import { startBuiltApp, type RunningApp } from './support/app-process';
import { connectBrowser, newVisitorContext, settledScreenshot, watchPage } from './support/browser';
import { registerWithCode } from './support/journeys';
import { creditsMessages } from '../apps/web/src/features/credits/messages';
import { aiMediaLabels } from '../apps/web/src/features/ai-media/messages';
import { chatLabels } from '../apps/web/src/features/chat/messages';
import { viralText } from '../apps/web/src/features/viral/messages';

/**
 * A fresh install with no remote engine configured (what `npm start` gives a newcomer): every tool that
 * needs one says 未开通 with the user's reason before any click, its actions are greyed, no page shows
 * the operator's words (variable names), and nothing is charged or refunded for trying.
 */
const OPERATOR_WORDS = /[A-Z]{3,}_[A-Z_]+/;
const PASSWORD = 'tools-admin-Passw0rd';

/** Every page the launcher and its menu entries lead to, and whether it needs an engine this install lacks. */
const TOOL_PAGES: { path: string; closed: boolean; action?: string }[] = [
  { path: '/store/extraction', closed: false },
  { path: '/store/audioExtraction', closed: false },
  { path: '/store/imageSpeak', closed: false },
  { path: '/store/characters', closed: false },
  { path: '/store/copywrite/trace', closed: false },
  { path: '/store/aiChat', closed: true, action: chatLabels.send },
  { path: '/store/wsImage', closed: true, action: aiMediaLabels.generate },
  { path: '/store/wsVideo', closed: true, action: aiMediaLabels.generate },
  { path: '/store/tsVideo', closed: true, action: aiMediaLabels.generate },
  { path: '/store/sea', closed: true },
  { path: '/copywrite/index', closed: true, action: viralText.actions.generate },
  { path: '/explosiveAnalysis/video', closed: true, action: viralText.analyse },
  { path: '/explosiveAnalysis/user', closed: true, action: viralText.analyseIp },
  { path: '/explosiveAnalysis/character', closed: true, action: viralText.proposeTopics },
  { path: '/explosiveAnalysis/project', closed: true },
  { path: '/cozeVideo', closed: true, action: viralText.draft },
];

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  // No demo actors: rendering them takes minutes and no tool here looks at them.
  app = await startBuiltApp({
    logFile: path.resolve('e2e/.artifacts/tool-states-server.log'),
    env: { ADMIN_PASSWORD: PASSWORD, SEED_DEMO_ACTORS: '0' },
  });
  if (app.startupError) throw new Error(`${app.startupError}\n${app.output()}`);
  const [code] = await makeRedeemCodes(app.baseURL, await adminToken(app.baseURL, PASSWORD), {
    credits: 500,
    count: 1,
    days: 30,
  });
  browser = await connectBrowser();
  context = await newVisitorContext(browser, app.baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  await registerWithCode(page, 'tools_', code!);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

/** The main area's text once the page has drawn (no spinner, the same text twice in a row). */
async function settledMainText(): Promise<string> {
  const main = page.getByRole('main');
  await main.waitFor();
  let last = '';
  await expect
    .poll(
      async () => {
        const spinning = await page.locator('.ant-spin-spinning').count();
        const now = await main.innerText();
        const steady = !spinning && now.trim() !== '' && now === last;
        last = now;
        return steady;
      },
      { timeout: 20_000, interval: 400 },
    )
    .toBe(true);
  return last;
}

describe('a fresh install without remote engines', () => {
  it('marks each tool that cannot work on the launcher and in the menu before any click', async () => {
    await page.goto('/#/store');
    const text = await settledMainText();
    expect(text).not.toMatch(OPERATOR_WORDS);
    const closedTiles = page.locator('[data-tool-state="unavailable"]');
    // 文案创作, AI对话, the three AI picture and video tiles, 视频翻译.
    await expect.poll(() => closedTiles.count()).toBe(6);
    for (const tile of await closedTiles.all())
      await expect.poll(() => tile.innerText()).toContain(commonMessages.toolUnavailable);
    for (const key of ['copywrite', 'aiChat', 'wsImage', 'wsVideo', 'tsVideo', 'sea'])
      expect(await page.locator(`[data-tool="${key}"]`).getAttribute('data-tool-state')).toBe('unavailable');
    for (const key of ['extraction', 'audioExtraction', 'imageSpeak', 'copyTrace'])
      expect(await page.locator(`[data-tool="${key}"]`).getAttribute('data-tool-state')).toBeNull();
    expect(await page.getByText(commonMessages.toolUnavailableBadge, { exact: true }).count()).toBeGreaterThanOrEqual(
      6,
    );
    const menu = page.getByRole('menu');
    for (const entry of [viralText.navAnalysis, viralText.navCoze])
      await menu
        .getByRole('menuitem', { name: new RegExp(`${entry}\\s*${commonMessages.toolUnavailableBadge}`) })
        .waitFor();
    await settledScreenshot(page, 'tool-states-store-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await settledMainText();
    await settledScreenshot(page, 'tool-states-store-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('opens every tool page with its state shown first, its action greyed, and no operator words', async () => {
    for (const tool of TOOL_PAGES) {
      await page.goto(`/#${tool.path}`);
      const text = await settledMainText();
      expect(text, tool.path).not.toMatch(OPERATOR_WORDS);
      const notice = page.getByRole('main').getByText(commonMessages.toolUnavailable);
      if (!tool.closed) {
        expect(await notice.count(), tool.path).toBe(0);
        continue;
      }
      await notice.first().waitFor();
      expect(text, tool.path).toContain(commonMessages.toolUnavailableBadge);
      if (tool.action) {
        const action = page
          .getByRole('main')
          .getByRole('button', { name: new RegExp(tool.action.split('').join('\\s*')) })
          .first();
        expect(await action.isDisabled(), `${tool.path} ${tool.action}`).toBe(true);
      }
      if (tool.path === '/store/wsImage') {
        await settledScreenshot(page, 'tool-states-wsImage-1440');
        await page.setViewportSize({ width: 390, height: 844 });
        await settledMainText();
        await settledScreenshot(page, 'tool-states-wsImage-390');
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    }
    // The whole document too (menu, header), not only the main area.
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(OPERATOR_WORDS);
  });

  it('leaves nothing charged or refunded in the consumption centre', async () => {
    await page.goto('/#/consum');
    await page.getByRole('heading', { name: creditsMessages.consumTitle }).waitFor();
    await settledMainText();
    const amounts = await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[1]?.textContent ?? '').trim()));
    expect(amounts.length).toBeGreaterThan(0);
    // Only grants (the trial, the code): no charge, and so no refund after one.
    expect(amounts.filter((a) => !a.startsWith('+'))).toEqual([]);
    expect(problems.splice(0)).toEqual([]);
  });
});
