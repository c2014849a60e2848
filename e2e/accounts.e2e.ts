import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  agreementTitles,
  creditActions,
  getCredits,
  login,
  ReplyCode,
  siteTextTitles,
  startGuest,
  STORAGE_EXPANSION,
} from '@app/contract';
import { makeRedeemCodes, signedCall } from './support/api';
import { connectBrowser, newVisitorContext, screenshot, toastsGone, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { accountMenuMessages } from '../apps/web/src/features/account/messages';
import { creditsMessages } from '../apps/web/src/features/credits/messages';
import { authMessages } from '../apps/web/src/features/auth/messages';
import { shellMessages } from '../apps/web/src/app/layout/messages';
import { commonLabels } from '../apps/web/src/lib/messages';
import { noticeMessages } from '../apps/web/src/features/notices/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';

// The issue 3 journey: a newcomer looks around as a guest, registers with a redeem code,
// spends credits on storage, reads a notice, changes the password and logs back in.

const TRIAL_CREDITS = 100;
const CODE_CREDITS = 20_000;
const username = `e2e_${randomBytes(4).toString('hex')}`;
const firstPassword = 'first1pass';
const newPassword = 'second2pass';

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseURL: string;
let codes: string[] = [];
let tokenBeforePasswordChange = '';
/** Calls the app made that the server does not know, and errors the page logged. */
let problems: string[] = [];

beforeAll(async () => {
  ({ baseURL } = appUnderTest());
  browser = await connectBrowser();
  context = await newVisitorContext(browser, baseURL);
  page = await context.newPage();
  // One missed step should fail fast rather than let every later wait run out its 30 s.
  page.setDefaultTimeout(10_000);
  problems = watchPage(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const topBar = () => page.getByRole('banner');
/** A button's name as antd renders it: two Chinese characters get a space between them. */
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s?')}$`);
/** The balance button in the top bar, named by what it shows: "<n> 积分" (after its icon's name). */
const balanceButton = () => topBar().getByRole('button', { name: /(^|\s)\d+ 积分$/ });
const popover = () => page.locator('.ant-popover:not(.ant-popover-hidden)');
const dialog = (title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
/** A toast or inline form message with exactly this text. */
const shown = (text: string) => page.getByText(text, { exact: true }).first();
const token = () => page.evaluate(() => localStorage.getItem('token'));

async function balanceShown(): Promise<number> {
  const text = (await balanceButton().textContent()) ?? '';
  return Number(/(\d+) 积分/.exec(text)?.[1] ?? NaN);
}

async function openCreditsPopover(): Promise<Locator> {
  await balanceButton().hover();
  const open = popover().filter({ hasText: siteTextTitles.creditsRule });
  await open.waitFor();
  await animationsDone();
  return open;
}

async function openAccountMenu(): Promise<Locator> {
  // The avatar button toggles: click it only when the menu is not already (and not still closing) open.
  await animationsDone();
  const open = popover().filter({ hasText: accountMenuMessages.storage });
  if (!(await open.isVisible()))
    await topBar()
      .getByRole('button', { name: named(accountMenuMessages.account) })
      .click();
  await open.waitFor();
  await animationsDone();
  return open;
}

async function closePopovers(): Promise<void> {
  await page.mouse.move(700, 600);
  await page.keyboard.press('Escape');
  await page
    .locator('main, .ant-layout-content')
    .first()
    .click({ position: { x: 5, y: 5 } });
  await popover().first().waitFor({ state: 'hidden' });
}

/** Resolves once no open/close animation is running (endless ones such as spinners aside). */
const animationsDone = () =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );

/** Waits for toasts to go and for open/close animations to end, so a screenshot shows the settled screen. */
async function settledScreenshot(name: string): Promise<void> {
  await toastsGone(page, 15_000);
  await animationsDone();
  await screenshot(page, name);
}

/**
 * The calendar days the picker works with, read from the browser's own clock and time zone (the visitor's,
 * Asia/Shanghai), not this process's: for eight hours a day the two disagree on what "today" is.
 * `monthAgo` is the same day one month back, clamped to that month's last day (as dayjs does).
 */
function pickerDays(): Promise<{ today: string; tomorrow: string; weekAgo: string; monthAgo: string }> {
  return page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const now = new Date();
    const shifted = (days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
    const firstOfLast = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const lastDay = new Date(firstOfLast.getFullYear(), firstOfLast.getMonth() + 1, 0).getDate();
    return {
      today: ymd(now),
      tomorrow: ymd(shifted(1)),
      weekAgo: ymd(shifted(-7)),
      monthAgo: ymd(new Date(firstOfLast.getFullYear(), firstOfLast.getMonth(), Math.min(now.getDate(), lastDay))),
    };
  });
}

/** Ticks the agreement box of the login form. */
const agreement = () => page.getByRole('checkbox', { name: /我已阅读并同意/ });

describe('accounts and credits journey', () => {
  it('lands a newcomer on home as a guest holding the trial credits', async () => {
    const guestCall = page.waitForResponse((r) => r.url().endsWith(startGuest.path) && r.request().method() === 'POST');
    await page.goto('/');
    await page.waitForURL(/#\/home$/);
    expect((await guestCall).status()).toBe(200);
    await eventually(balanceShown).toBe(TRIAL_CREDITS);
    const guestToken = await token();
    expect(guestToken).toMatch(/\S{20,}/);
    const info = await signedCall(baseURL, getCredits, {}, guestToken ?? '');
    expect(info.data).toMatchObject({ is_tourist: 1, credits: TRIAL_CREDITS });
    // The avatar menu of a guest offers 立即登录 and no expansion.
    const menu = await openAccountMenu();
    await menu.getByRole('button', { name: named(accountMenuMessages.loginNow) }).waitFor();
    expect(await menu.getByRole('button', { name: named(accountMenuMessages.expand) }).count()).toBe(0);
    await settledScreenshot('accounts-avatar-popover-guest-dark');
    await closePopovers();
  });

  it('sends a guest who wants to redeem to the registration form', async () => {
    const credits = await openCreditsPopover();
    await credits.getByText('积分用途').waitFor();
    await credits.getByRole('button', { name: named(creditsMessages.redeem) }).click();
    await page.waitForURL(/#\/login\?state=2$/);
    await page.getByRole('tab', { name: authMessages.registerTab, selected: true }).waitFor();
    await page.getByPlaceholder(accountMessages.codeRequired).waitFor();
  });

  it('asks for the agreement, then registers with a code made through the admin call', async () => {
    codes = await makeRedeemCodes(baseURL, appUnderTest().adminToken, {
      credits: CODE_CREDITS,
      count: 1,
      days: 30,
    });
    expect(codes).toHaveLength(1);
    const code = codes[0] ?? '';

    await page.getByRole('button', { name: named(authMessages.register) }).click();
    await shown(accountMessages.credentialsRequired).waitFor();
    await shown(accountMessages.codeRequired).waitFor();
    await shown(accountMessages.agreementRequired).waitFor();

    await page.getByRole('textbox', { name: authMessages.username }).fill(username);
    await page.getByPlaceholder(authMessages.password).fill(firstPassword);
    await page.getByRole('textbox', { name: accountMessages.codeRequired }).fill(code);
    await page.getByRole('button', { name: named(authMessages.register) }).click();
    await shown(accountMessages.agreementRequired).waitFor();

    await agreement().check();
    await page.getByRole('button', { name: named(authMessages.register) }).click();
    await shown(accountMessages.redeemedCredits(CODE_CREDITS) + accountMessages.registeredSuffix).waitFor();
    await page.waitForURL(/#\/home$/);
    // The guest became this account, keeping the trial credits.
    await eventually(balanceShown).toBe(TRIAL_CREDITS + CODE_CREDITS);
    const info = await signedCall(baseURL, getCredits, {}, (await token()) ?? '');
    expect(info.data).toMatchObject({ username, is_tourist: 0, credits: TRIAL_CREDITS + CODE_CREDITS });
  });

  it('shows VIP as not active and a locally drawn QR code for the mobile site', async () => {
    await topBar().getByRole('button', { name: /VIP/ }).hover();
    const vip = popover().filter({ hasText: accountMenuMessages.vipInactive });
    await vip.waitFor();
    await settledScreenshot('accounts-vip-popover-dark');
    await closePopovers();

    await topBar()
      .getByRole('button', { name: named(shellMessages.mobile) })
      .hover();
    const mobile = popover().filter({ hasText: shellMessages.mobileHint });
    await mobile.waitFor();
    const qr = mobile.getByRole('img', { name: shellMessages.mobileHint });
    await qr.waitFor();
    // Drawn in the browser (no operator image is set), and really decoded as a picture.
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await eventually(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await settledScreenshot('accounts-mobile-qr-popover-dark');
    await closePopovers();
  });

  it('shows the new balance and batches from the credits popover', async () => {
    const credits = await openCreditsPopover();
    await credits.getByRole('button', { name: named(creditsMessages.creditDetails) }).click();
    await page.waitForURL(/#\/moreCredits$/);
    const rows = page.getByRole('row');
    await rows.filter({ hasText: String(CODE_CREDITS) }).waitFor();
    await rows.filter({ hasText: String(TRIAL_CREDITS) }).waitFor();
  });

  it('lists the balance and ledger rows on /consum, and refuses a used code', async () => {
    // The pointer off the balance button, where the last test left it: its hover card would open again over the page.
    await closePopovers();
    await page.goto('/#/consum');
    await page.getByRole('heading', { name: creditsMessages.consumTitle }).waitFor();
    await eventually(() => page.locator('.ant-statistic-content-value').innerText()).toMatch(/^20,?100$/);
    const rows = page.getByRole('row');
    await rows
      .filter({ hasText: creditActions.redeem })
      .filter({ hasText: `+${CODE_CREDITS}` })
      .waitFor();
    await rows
      .filter({ hasText: creditActions.trial })
      .filter({ hasText: `+${TRIAL_CREDITS}` })
      .waitFor();

    // The last-week and last-month shortcuts filter the list by date; days after today cannot be picked.
    const rangePicker = page.getByRole('main').locator('.ant-picker-range');
    const rangeInputs = rangePicker.locator('input');
    const days = await pickerDays();
    for (const [preset, from] of [
      [creditsMessages.lastWeek, days.weekAgo],
      [creditsMessages.lastMonth, days.monthAgo],
    ] as const) {
      await animationsDone();
      await rangePicker.click();
      const filtered = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return (
          url.pathname === '/api/user/creditsLog' &&
          url.searchParams.get('start_date') === from &&
          url.searchParams.get('end_date') === days.today
        );
      });
      await page.locator('.ant-picker-presets').getByText(preset, { exact: true }).click();
      expect((await filtered).status()).toBe(200);
      await eventually(() => rangeInputs.first().inputValue()).toBe(from);
      await eventually(() => rangeInputs.last().inputValue()).toBe(days.today);
      await rows
        .filter({ hasText: creditActions.redeem })
        .filter({ hasText: `+${CODE_CREDITS}` })
        .waitFor();
    }
    await rangePicker.click();
    const tomorrow = page.locator(`.ant-picker-dropdown .ant-picker-cell-in-view[title="${days.tomorrow}"]`).first();
    // After 近一月 the panels may show last month and this one: on a month's last day, tomorrow is a month on.
    await page.locator('.ant-picker-dropdown .ant-picker-cell-in-view').first().waitFor();
    if (!(await tomorrow.count())) {
      await page.locator('.ant-picker-dropdown .ant-picker-header-next-btn').last().click();
      await tomorrow.waitFor();
    }
    await eventually(() => tomorrow.getAttribute('class')).toMatch(/ant-picker-cell-disabled/);
    const today = page.locator(`.ant-picker-dropdown .ant-picker-cell-in-view[title="${days.today}"]`).first();
    expect(await today.getAttribute('class')).not.toMatch(/ant-picker-cell-disabled/);
    await settledScreenshot('accounts-consum-range-dark');
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });

    await page
      .getByRole('main')
      .getByRole('button', { name: named(creditsMessages.redeem) })
      .click();
    const redeem = dialog(commonLabels.redeemCredits);
    await redeem.getByRole('textbox').fill(codes[0] ?? '');
    await redeem.getByRole('button', { name: named(creditsMessages.redeemSubmit) }).click();
    await shown(accountMessages.codeUsed).waitFor();
    await redeem.getByRole('button', { name: named(commonLabels.cancel) }).click();
    await redeem.waitFor({ state: 'hidden' });
  });

  it('expands storage after a confirmation and shows the new total', async () => {
    let menu = await openAccountMenu();
    await menu.getByText('0.00MB / 1GB').waitFor();
    await menu.getByRole('button', { name: named(accountMenuMessages.expand) }).click();
    let confirm = dialog(accountMessages.expandConfirmTitle);
    await confirm.getByText(accountMessages.expandConfirm(STORAGE_EXPANSION.credits, STORAGE_EXPANSION.gb)).waitFor();
    await confirm.getByRole('button', { name: named(commonLabels.cancel) }).click();
    await shown(accountMessages.expandCancelled).waitFor();
    await confirm.waitFor({ state: 'hidden' });

    menu = await openAccountMenu();
    await menu.getByRole('button', { name: named(accountMenuMessages.expand) }).click();
    confirm = dialog(accountMessages.expandConfirmTitle);
    await confirm.getByRole('button', { name: named(commonLabels.ok) }).click();
    await shown(accountMessages.redeemed).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    menu = await openAccountMenu();
    await menu.getByText(`0.00MB / ${1 + STORAGE_EXPANSION.gb}GB`).waitFor();
    await closePopovers();
    await eventually(balanceShown).toBe(TRIAL_CREDITS + CODE_CREDITS - STORAGE_EXPANSION.credits);
    await page
      .getByRole('row')
      .filter({ hasText: creditActions.expand })
      .filter({ hasText: `-${STORAGE_EXPANSION.credits}` })
      .waitFor();
  });

  it('opens the message centre and reads a seeded notice', async () => {
    await topBar()
      .getByRole('button', { name: named(noticeMessages.centre) })
      .click();
    const centre = dialog(noticeMessages.centre);
    await centre.getByText(noticeMessages.pickOne).waitFor();
    // Both seeded notices are listed; the empty text is not shown.
    await centre.getByText('欢迎来到 AI 数字人创作平台').first().waitFor();
    await centre.getByText('积分有效期与扩容说明').first().waitFor();
    expect(await centre.getByText(accountMessages.noNotice).count()).toBe(0);
    await centre.getByText('积分有效期与扩容说明').first().click();
    await centre.getByRole('article').getByRole('heading', { name: '积分有效期与扩容说明' }).waitFor();
    await centre.getByText(/优先使用最早到期的批次/).waitFor();
    await centre.getByRole('button', { name: /关闭|Close/ }).click();
    await centre.waitFor({ state: 'hidden' });
  });

  it('checks the four password-change messages, then changes the password and is sent to log in', async () => {
    const menu = await openAccountMenu();
    await menu.getByRole('button', { name: named(accountMenuMessages.changePassword) }).click();
    const change = dialog(accountMenuMessages.changePassword);
    const ok = change.getByRole('button', { name: named(commonLabels.ok) });
    await ok.click();
    await change.getByText(accountMessages.oldPasswordRequired).waitFor();
    await change.getByText(accountMessages.newPasswordRequired).waitFor();
    await change.getByText(accountMessages.confirmPasswordRequired).waitFor();

    await change.getByLabel(accountMenuMessages.oldPassword).fill('wrong1pass');
    await change.getByLabel(accountMenuMessages.newPassword, { exact: true }).fill(newPassword);
    await change.getByLabel(accountMenuMessages.confirmPassword).fill(`${newPassword}x`);
    await ok.click();
    await change.getByText(accountMessages.passwordMismatch).waitFor();

    await change.getByLabel(accountMenuMessages.confirmPassword).fill(newPassword);
    await ok.click();
    await shown(accountMessages.oldPasswordWrong).waitFor();
    expect(page.url()).toMatch(/#\/consum$/);

    tokenBeforePasswordChange = (await token()) ?? '';
    await change.getByLabel(accountMenuMessages.oldPassword).fill(firstPassword);
    await ok.click();
    await shown(accountMessages.operationDone).waitFor();
    await page.waitForURL(/#\/login\?redirectUrl=%2Fconsum$/);
    expect(await token()).toBeNull();
    const revoked = await signedCall(baseURL, getCredits, {}, tokenBeforePasswordChange);
    expect(revoked.code).toBe(ReplyCode.login);
  });

  it('refuses the old password and a missing agreement, then logs in and comes back', async () => {
    await page.getByRole('tab', { name: authMessages.loginTab, selected: true }).waitFor();
    await page.getByRole('textbox', { name: authMessages.username }).fill(username);
    await page.getByPlaceholder(authMessages.password).fill(firstPassword);
    await page.getByRole('button', { name: named(authMessages.login) }).click();
    await shown(accountMessages.agreementRequired).waitFor();

    await agreement().check();
    await page.getByRole('button', { name: named(authMessages.login) }).click();
    await shown(accountMessages.wrongCredentials).waitFor();
    expect(await token()).toBeNull();

    await page.getByPlaceholder(authMessages.password).fill(newPassword);
    await page.getByRole('button', { name: named(authMessages.login) }).click();
    await shown(accountMessages.loginDone).waitFor();
    await page.waitForURL(/#\/consum$/);
    await eventually(balanceShown).toBe(TRIAL_CREDITS + CODE_CREDITS - STORAGE_EXPANSION.credits);
    const menu = await openAccountMenu();
    await menu.getByText(username, { exact: true }).waitFor();
    await closePopovers();
  });

  it('after repeated failures shows the image code drawn by the server, and the server checks it', async () => {
    const signedIn = await token();
    await page.goto('/#/login?state=1');
    await page.getByRole('tab', { name: authMessages.loginTab, selected: true }).waitFor();
    const stranger = `nobody_${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: authMessages.username }).fill(stranger);
    await page.getByPlaceholder(authMessages.password).fill('wrong1234');
    await agreement().check();
    const image = page.getByRole('button', { name: authMessages.captchaImage });
    for (let i = 0; i < 5; i++) {
      expect(await image.count(), `image code before failure ${i + 1}`).toBe(0);
      const reply = page.waitForResponse((r) => r.url().includes(login.path));
      await page.getByRole('button', { name: named(authMessages.login) }).click();
      await reply;
    }
    await shown(accountMessages.loginCaptchaNeeded).waitFor();
    await image.waitFor();
    const firstImage = await image.getAttribute('src');
    expect(decodeURIComponent(firstImage ?? '')).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg[^>]*width="120"/);

    await page.getByRole('button', { name: named(authMessages.login) }).click();
    await shown(accountMessages.captchaRequired).waitFor();
    await settledScreenshot('accounts-login-captcha');

    // A wrong answer is refused by the server, and the used code is replaced by a new one.
    await page.getByPlaceholder(authMessages.captcha).fill('zzzz');
    await page.getByRole('button', { name: named(authMessages.login) }).click();
    await shown(accountMessages.captchaWrong).waitFor();
    await eventually(() => image.getAttribute('src')).not.toBe(firstImage);
    expect(await page.getByPlaceholder(authMessages.captcha).inputValue()).toBe('');
    expect(await token()).toBe(signedIn);
  });

  it('opens an agreement from the login form in a new tab', async () => {
    await page.goto('/#/login');
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: `《${agreementTitles.user}》` }).click();
    const protocol = await opened;
    await protocol.waitForURL(/#\/protocol\?type=user$/);
    await protocol.getByRole('heading', { name: agreementTitles.user }).waitFor();
    await protocol.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`looks right in the ${theme} theme`, async () => {
      await page.goto('/#/home');
      await page.getByRole('button', { name: named(themeMessages.switchTheme) }).waitFor();
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await page.getByRole('button', { name: named(themeMessages.switchTheme) }).click();
      }
      await eventually(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      // Leave the switch, so its tooltip is not in the picture.
      await page.mouse.move(700, 600);
      await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').waitFor({ state: 'hidden' });
      await eventually(balanceShown).toBeGreaterThan(0);
      const brokenImages = () =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => !img.complete || img.naturalWidth === 0)
            .map((img) => img.src),
        );
      await eventually(brokenImages).toEqual([]);
      await settledScreenshot(`accounts-home-${theme}`);

      await openCreditsPopover();
      await settledScreenshot(`accounts-credits-popover-${theme}`);
      await closePopovers();

      await openAccountMenu();
      await settledScreenshot(`accounts-avatar-popover-${theme}`);
      await closePopovers();

      await topBar()
        .getByRole('button', { name: named(noticeMessages.centre) })
        .click();
      const centre = dialog(noticeMessages.centre);
      await centre.getByText('欢迎来到 AI 数字人创作平台').first().click();
      await centre.getByRole('article').getByRole('heading', { name: '欢迎来到 AI 数字人创作平台' }).waitFor();
      await settledScreenshot(`accounts-notices-${theme}`);
      await page.keyboard.press('Escape');
      await centre.waitFor({ state: 'hidden' });

      await page.goto('/#/consum');
      await page.getByRole('row').filter({ hasText: creditActions.expand }).waitFor();
      await settledScreenshot(`accounts-consum-${theme}`);

      await page.goto('/#/moreCredits');
      // The expansion took the trial batch (soonest to expire) first, then the rest from the code's batch.
      await page
        .getByRole('row')
        .filter({ hasText: String(TRIAL_CREDITS + CODE_CREDITS - STORAGE_EXPANSION.credits) })
        .waitFor();
      await settledScreenshot(`accounts-moreCredits-${theme}`);

      await page.goto('/#/use');
      await page.getByRole('main').getByRole('heading', { name: '1. 游客体验与注册' }).waitFor();
      await settledScreenshot(`accounts-use-${theme}`);

      await page.goto('/#/protocol?type=privacy');
      await page.getByRole('heading', { name: agreementTitles.privacy }).waitFor();
      await settledScreenshot(`accounts-protocol-${theme}`);

      await page.goto('/#/login?state=1');
      await page.getByRole('tab', { name: authMessages.loginTab, selected: true }).waitFor();
      await settledScreenshot(`accounts-login-${theme}`);
      await page.getByRole('tab', { name: authMessages.registerTab }).click();
      await page.getByRole('textbox', { name: accountMessages.codeRequired }).waitFor();
      await settledScreenshot(`accounts-register-${theme}`);
    });
  }

  it('made no call the server does not know and logged no page error', () => {
    expect(problems).toEqual([]);
  });
});
