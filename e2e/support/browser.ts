import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { protocolMessages } from '@app/contract';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Debian's Chromium; the flags keep it from reaching for a network this machine does not have. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The run's one Chromium, started by the global set-up: a journey connects to it and opens its own
 * contexts (fresh storage each); closing the connection closes those contexts, not the browser.
 */
export function connectBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint) throw new Error('no shared browser: the e2e global set-up did not start one');
  return chromium.connect(endpoint);
}

/**
 * A fresh context (empty storage) as a first-time Chinese-speaking visitor on a laptop screen, whose
 * system asks for reduced motion: a dialog is where it ends up as soon as it shows, so a click on its
 * button cannot land where the button was a frame before its zoom moved it (on the mask, which a
 * confirmation ignores).
 */
export function newVisitorContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
}

/** Saves e2e/screenshots/<name>.png, so a person can look at what the test saw. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // A full-page shot of a scrolled page draws the fixed header and menu where the scroll left them, mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The button whose name ends with `text`; antd puts a space between the two characters of a two-character
 * label (确 定), so any spacing between characters matches.
 */
export function button(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`${[...text].join('\\s*')}$`) });
}

/** An antd toast (message) showing exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByText(text, { exact: true });
}

/** Waits until no toast is on screen (two may overlap: an earlier one fading while a new one shows). */
export async function toastsGone(page: Page, timeout = 10_000): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout, interval: 200 }).toBe(0);
}

/** A screenshot of the settled screen: the pointer out of the way, no toast, every picture decoded. */
export async function settledScreenshot(page: Page, name: string): Promise<string> {
  await page.mouse.move(5, 890);
  await toastsGone(page);
  await page.evaluate(() => Promise.all(Array.from(document.images).map((i) => i.decode().catch(() => undefined))));
  return screenshot(page, name);
}

/**
 * What went wrong in a page without failing a step: script errors, console errors (the API client
 * also warns there when a reply drifts from the contract), and API calls the server answered with an
 * HTTP error or as unknown. A journey expects the list to be empty at its end.
 */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /does not match the contract/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() >= 400) problems.push(`${url.pathname}: HTTP ${response.status()}`);
    void response
      .json()
      .then((body: { msg?: unknown }) => {
        if (body.msg === protocolMessages.notFound) problems.push(`${url.pathname}: unknown to the server`);
      })
      .catch(() => undefined);
  });
  return problems;
}
