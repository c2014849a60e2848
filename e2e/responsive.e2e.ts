import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { checkLayout, registeredRoutes } from './support/layout-checks';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'features');

const viewports = [
  { name: 'desktop', width: 1440, height: 900, mobile: false },
  { name: 'tablet', width: 768, height: 1024, mobile: true },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

/** Agreements take their type from the query; the others need nothing. */
const withQuery: Record<string, string> = { '/protocol': '/protocol?type=user' };

const routes = registeredRoutes(featuresDir).map((r) => withQuery[r] ?? r);

let browser: Browser;

beforeAll(async () => {
  appUnderTest();
  browser = await launchBrowser();
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

describe.each(viewports)('every page at $name ($width×$height)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await browser.newContext({
      baseURL: appUnderTest().baseURL,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.mobile,
      hasTouch: viewport.mobile,
    });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto('/#/home');
    await settle(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('has registered routes to visit', () => {
    expect(routes.length).toBeGreaterThan(8);
  });

  it.each(routes)('%s fits the screen with every control reachable', async (route) => {
    problems.length = 0;
    await page.goto(`/#${route}`);
    await page.reload();
    await settle(page);
    const report = await checkLayout(page);
    await screenshot(page, `responsive-${viewport.name}-${route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`);
    expect({ route, problems, covered: report.covered }).toEqual({ route, problems: [], covered: [] });
    // An agreement page is text only; every other page has controls, so an empty count means it never drew.
    if (!route.startsWith('/protocol')) expect(report.checked, `${route} shows no controls`).toBeGreaterThan(0);
    expect(report.scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(report.viewportWidth);
  });

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
});
