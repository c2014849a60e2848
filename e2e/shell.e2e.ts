import { getSiteSettings, siteDefaults } from '@app/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { apiData } from './support/studio-api';
import { themeMessages } from '../apps/web/src/features/theme/messages';
import { homeMessages } from '../apps/web/src/features/home/messages';
import { clientMessages } from '../apps/web/src/lib/messages';

const hasChinese = /[\u4e00-\u9fff]/;
// Families that really carry Chinese glyphs; anything else means tofu boxes or a Latin fallback.
const cjkFontFamily = /CJK|WenQuanYi|Hei|Song|Ming|Droid Sans Fallback/i;

// The app fetches and renders after `load`; give it a little while before calling a check failed.
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What went wrong in the page without failing a step (see watchPage). */
let problems: string[] = [];

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function visit(hash: string): Promise<Page> {
  context = await newVisitorContext(browser, appUnderTest().baseURL);
  page = await context.newPage();
  problems = watchPage(page);
  await page.goto(`/${hash}`);
  return page;
}

afterEach(async () => {
  await context?.close();
});

/** Names of the system fonts Chromium used to draw the first element whose own text is Chinese. */
async function fontsDrawingChinese(target: Page): Promise<string[]> {
  const marked = await target.evaluate((pattern) => {
    const chinese = new RegExp(pattern);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('');
      if (chinese.test(ownText) && element.getClientRects().length > 0) {
        element.setAttribute('data-e2e-cjk-probe', '');
        return true;
      }
    }
    return false;
  }, hasChinese.source);
  if (!marked) return [];
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-e2e-cjk-probe]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.filter((font) => font.glyphCount > 0).map((font) => font.familyName);
}

// Each test ends with no script or console error and no API call refused or unknown to the server.
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('app shell', () => {
  it('opens / on the home route', async () => {
    await visit('');
    await page.waitForURL(/#\/home$/);
  });

  it('renders the title and layout in Chinese with real glyphs, dark by default', async () => {
    await visit('#/home');
    // The tab shows the browser title (浏览器标题) from the settings: by default one naming the spec's default site.
    const { title } = await apiData(appUnderTest().baseURL, getSiteSettings, {});
    expect(title).toContain(siteDefaults.siteTitle);
    await eventually(() => page.title()).toBe(title);
    await eventually(() => page.locator('body').innerText()).toMatch(hasChinese);
    const fonts = await fontsDrawingChinese(page);
    expect(
      fonts.some((family) => cjkFontFamily.test(family)),
      `fonts used: ${fonts.join(', ')}`,
    ).toBe(true);
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await screenshot(page, 'shell-dark');
  });

  it('keeps the light theme across a reload once switched', async () => {
    await visit('#/home');
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.reload();
    await eventually(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: themeMessages.switchTheme }).waitFor();
    await page.getByRole('button', { name: homeMessages.createVideo, exact: true }).waitFor();
    await screenshot(page, 'shell-light');
  });

  it('shows the not-found page with a way back home for an unknown route', async () => {
    await visit('#/no-such-page-anywhere');
    const notice = page.getByText(clientMessages.notFound);
    await notice.waitFor();
    await screenshot(page, 'not-found');
    // The innermost block holding both the notice and a link: the link that belongs to the 404 page.
    const notFoundBlock = page
      .locator('*')
      .filter({ has: notice })
      .filter({ has: page.getByRole('link') })
      .last();
    await notFoundBlock.getByRole('link').first().click();
    await page.waitForURL(/#\/home$/);
  });
});
