import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults } from '@app/contract';
import { brand, rebrand, type Rebranded } from './support/brand';
import { connectBrowser, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { checkLayout, checkOpenDialogs, registeredRoutes } from './support/layout-checks';
import { avatarsMessages } from '../apps/web/src/features/avatars/messages';
import { materialsLabels } from '../apps/web/src/features/materials/messages';
import { noticeMessages } from '../apps/web/src/features/notices/messages';
import { cloneMessages } from '../apps/web/src/features/voices/messages';
import { accountMenuMessages } from '../apps/web/src/features/account/messages';
import { commonLabels } from '../apps/web/src/lib/messages';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'features');

/** The two sizes every page is checked at: a laptop and a phone. */
const viewports = [
  { name: 'desktop', width: 1440, height: 900, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

/** Agreements take their type from the query; the others need nothing. */
const withQuery: Record<string, string> = { '/protocol': '/protocol?type=user' };

const allRoutes = registeredRoutes(featuresDir).map((r) => withQuery[r] ?? r);
/** The operator console's screens are checked signed in as the operator; the rest as a visitor. */
const isConsole = (route: string) => route === '/admin' || route.startsWith('/admin/');
const routes = allRoutes.filter((r) => !isConsole(r));
const consoleRoutes = allRoutes.filter(isConsole);

let browser: Browser;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until the page has drawn its data: no spinner, and the network quiet for a moment. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Also called from beforeAll, where expect.poll is not allowed: wait in the page instead.
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0,
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

/** The width of a PNG file, read from its header. */
const pngWidth = (file: string) => readFileSync(file).readUInt32BE(16);

const shotName = (route: string) => route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root';

/** A browser context of the given size; with `token`, already signed in as that session. */
async function sizedContext(viewport: (typeof viewports)[number], token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: appUnderTest().baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
  });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context;
}

describe.each(viewports)('every console screen at $name ($width×$height), signed in as the operator', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await sizedContext(viewport, appUnderTest().adminToken);
    page = await context.newPage();
    problems = watchPage(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('has the console screens to visit', () => {
    expect(consoleRoutes).toEqual(expect.arrayContaining(['/admin', '/admin/users', '/admin/jobs', '/admin/audit']));
  });

  it.each(consoleRoutes)('%s fits the screen: no sideways scrolling, every control reachable', async (route) => {
    problems.length = 0;
    await page.goto(`/#${route}`);
    await page.reload();
    await settle(page);
    // The console drew its screen (its menu is there), not the refusal shown to a visitor.
    await expect.poll(() => page.locator('.ant-result').count()).toBe(0);
    // Shot before the check, which leaves inner scrollers (wide tables) scrolled to their last control.
    const shot = await screenshot(page, `responsive-${viewport.name}-console-${shotName(route)}`);
    const report = await checkLayout(page);
    expect({ route, problems, covered: report.covered }).toEqual({ route, problems: [], covered: [] });
    expect(report.checked, `${route} shows no controls`).toBeGreaterThan(0);
    expect(report.scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(report.viewportWidth);
    // The whole page as drawn is no wider than the screen (a child wider than its card widens the drawing).
    expect(pngWidth(shot), `${route} is drawn wider than the screen`).toBeLessThanOrEqual(viewport.width);
  });
});

/**
 * On the laptop every page is visited signed in, on a site the operator re-branded: besides its layout,
 * no page may show the shipped name. On the phone they are visited as a visitor of the shipped site.
 */
describe.each(viewports)('every page at $name ($width×$height)', (viewport) => {
  const branded = !viewport.mobile;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let rebranded: Rebranded | undefined;

  beforeAll(async () => {
    if (branded) rebranded = await rebrand();
    context = await sizedContext(viewport);
    page = await context.newPage();
    problems = watchPage(page);
    if (branded) await registerWithCode(page, 'wide', await redeemCode(100));
    await page.goto('/#/home');
    await settle(page);
  });

  afterAll(async () => {
    await context?.close();
    await rebranded?.restore();
  });

  it('has registered routes to visit', () => {
    expect(routes.length).toBeGreaterThan(8);
  });

  it.each(routes)(
    `%s fits the screen with every control reachable${branded ? ' and never shows the shipped name' : ''}`,
    async (route) => {
      problems.length = 0;
      await page.goto(`/#${route}`);
      await page.reload();
      await settle(page);
      const report = await checkLayout(page);
      await screenshot(page, `responsive-${viewport.name}-${shotName(route)}`);
      expect({ route, problems, covered: report.covered }).toEqual({ route, problems: [], covered: [] });
      // An agreement page is text only; every other page has controls, so an empty count means it never drew.
      if (!route.startsWith('/protocol')) expect(report.checked, `${route} shows no controls`).toBeGreaterThan(0);
      expect(report.scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(report.viewportWidth);
      if (!branded) return;
      const text = await page.locator('body').innerText();
      expect(text.includes(siteDefaults.siteTitle), `${route} shows ${siteDefaults.siteTitle}`).toBe(false);
      const title = await page.title();
      expect(title).not.toContain(siteDefaults.siteTitle);
      // An agreement titles the tab with its own name.
      if (!route.startsWith('/protocol')) expect(title).toBe(brand.browserTitle);
    },
  );

  if (viewport.mobile)
    it('opens the navigation as a drawer over the page, not beside it', async () => {
      await page.goto('/#/home');
      await settle(page);
      const content = page.locator('main');
      const before = await content.boundingBox();
      await page.getByRole('button', { name: '打开导航菜单' }).click();
      // The drawer is a dialog (antd 6 draws its panel as .ant-drawer-section).
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await expect.poll(() => drawer.getByRole('menuitem').count()).toBeGreaterThan(3);
      expect(await content.boundingBox()).toEqual(before);
      await screenshot(page, `responsive-${viewport.name}-drawer`);
      await drawer.getByRole('menuitem').first().click();
      await drawer.waitFor({ state: 'hidden' });
    });

  if (viewport.name === 'phone')
    describe('dialogs fit the phone', () => {
      /** Each case starts from a fresh load, so nothing a previous case opened is still on the screen. */
      async function fresh(route: string): Promise<void> {
        await page.goto(route);
        await page.reload();
        await settle(page);
      }

      /** Checks the dialogs open now, and screenshots them; the next case's fresh load closes them. */
      async function fits(name: string): Promise<void> {
        await page.waitForTimeout(400); // the opening animation
        const report = await checkOpenDialogs(page);
        await screenshot(page, `responsive-phone-dialog-${name}`);
        expect(report.dialogs, `${name}: no dialog is open`).toBeGreaterThan(0);
        expect({ name, problems: report.problems }).toEqual({ name, problems: [] });
      }

      it('notice centre', async () => {
        await fresh('/#/home');
        await page.getByRole('button', { name: noticeMessages.centre }).click();
        await page.getByRole('dialog').waitFor();
        await fits('notices');
      });

      it('account menu and the redeem dialog', async () => {
        // A guest's 兑换积分 leads to registration; a registered account opens the dialog.
        await registerWithCode(page, 'phone', await redeemCode(10));
        await fresh('/#/home');
        await page.getByRole('button', { name: accountMenuMessages.account }).click();
        await page.locator('.ant-popover-container').waitFor();
        await fits('account-menu');
        await page.getByRole('button', { name: accountMenuMessages.redeem }).click();
        await page.getByRole('dialog').waitFor();
        await fits('redeem');
      });

      it('the studio of an account with no voice of its own opens on the public voices', async () => {
        // Signed in by the previous case, with no cloned voice.
        await fresh('/#/create');
        await page.getByRole('tab', { name: commonLabels.publicVoices, selected: true }).waitFor();
        await screenshot(page, 'responsive-phone-studio-public-voices');
        await page.getByRole('tab', { name: commonLabels.myVoices }).click();
        await page.getByRole('tab', { name: commonLabels.myVoices, selected: true }).waitFor();
        await page.waitForTimeout(500);
        // Going back to 我的声音 stays there.
        expect(await page.getByRole('tab', { name: commonLabels.myVoices, selected: true }).count()).toBe(1);
      });

      it('upload dialog of the materials', async () => {
        await fresh('/#/material/index');
        await page.getByRole('button', { name: materialsLabels.upload }).click();
        await page.getByRole('dialog').waitFor();
        await fits('upload-material');
      });

      it('voice cloning: terms, channel, name and recording', async () => {
        await fresh('/#/clone');
        await page.getByRole('button', { name: cloneMessages.add }).click();
        const terms = page.getByRole('dialog', { name: cloneMessages.termsTitle });
        await terms.waitFor();
        await fits('clone-terms');
        await terms.getByRole('checkbox').check();
        await terms.getByRole('button', { name: /下\s*一\s*步/ }).click();
        const channels = page.getByRole('dialog', { name: cloneMessages.channelTitle });
        // The offline channel every install has.
        const local = channels.getByLabel('本地语音 1.0');
        await local.waitFor();
        await fits('clone-channel');
        await local.click();
        await page.getByRole('dialog', { name: cloneMessages.createTitle }).waitFor();
        await fits('clone-create');
      });

      it('custom avatar: the commitment dialog', async () => {
        await fresh('/#/profile');
        await page.getByRole('button', { name: commonLabels.customAvatar }).first().click();
        const commitment = page.getByRole('dialog', { name: avatarsMessages.commitmentTitle });
        await commitment.waitFor();
        await fits('avatar-commitment');
      });
    });
});
