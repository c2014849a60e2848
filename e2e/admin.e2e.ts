import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  adminMessages,
  getCredits,
  getSiteSettings,
  listConsoleChannels,
  listVideoChannels,
  saveConsoleChannel,
  type ConsoleChannel,
  protocolMessages,
  ReplyCode,
  saveConsoleSite,
  siteConsoleMessages,
  channelConsoleMessages,
  engineConsoleMessages,
  saveEngineSettings,
  listPhotos,
  listConsoleLibrary,
  saveConsoleLibraryItem,
  libraryConsoleMessages,
  curationMessages,
  listConsoleCuration,
  listConsoleWorkflows,
  saveConsoleCuration,
  saveConsoleWorkflow,
  videoPrompt,
  workflowMessages,
  consoleLiveSettings,
  saveConsoleLiveSettings,
  liveSessionMessages,
  type LiveSettings,
} from '@app/contract';
import { connectBrowser, newVisitorContext, screenshot, toast, toastsGone, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { registerWithCode } from './support/journeys';
import { signedCall } from './support/api';
import { authMessages } from '../apps/web/src/features/auth/messages';
import { adminText, siteFieldLabels } from '../apps/web/src/features/admin/messages';
import { consoleLayoutText } from '../apps/web/src/components/admin-layout/messages';
import { rangeMessage } from '../apps/web/src/components/admin-layout/number-rules';
import { codesConsoleText } from '../apps/web/src/features/credits/console/messages';
import { usersConsoleText } from '../apps/web/src/features/account/console/messages';
import { noticeMessages } from '../apps/web/src/features/notices/messages';
import { aiMediaLabels } from '../apps/web/src/features/ai-media/messages';
import { liveConsoleLabels, liveLabels } from '../apps/web/src/features/live/messages';

/** antd puts a space between the two characters of a two-character button label. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });

let browser: Browser;
let staff: BrowserContext;
let visitor: BrowserContext;
let admin: Page;
let member: Page;
let problems: string[] = [];
let baseURL: string;
let memberToken = '';
let memberName = '';
let startCredits = 0;
const BATCH = `门店-${Date.now().toString(36)}`;
const TITLE = `星河数字人${Date.now().toString(36)}`;
const NOTICE = `五一活动公告${Date.now().toString(36)}`;
/** The branding before the journey, put back at its end: other journeys share the running app. */
let original: { site_title: string; logo: string; head_logo: string } | null = null;
let originalChannel: ConsoleChannel | null = null;
let originalImagePrice: ConsoleChannel | null = null;
let originalLive: LiveSettings | null = null;

beforeAll(async () => {
  const app = appUnderTest();
  baseURL = app.baseURL;
  browser = await connectBrowser();
  staff = await newVisitorContext(browser, baseURL);
  visitor = await newVisitorContext(browser, baseURL);
  admin = await staff.newPage();
  member = await visitor.newPage();
  problems = [...watchPage(admin), ...watchPage(member)];
});
afterAll(async () => {
  await browser?.close();
  if (!original && !originalChannel && !originalImagePrice && !originalLive) return;
  const token = appUnderTest().adminToken;
  if (originalLive)
    await signedCall(
      baseURL,
      saveConsoleLiveSettings,
      { ...originalLive, guests_allowed: originalLive.guests_allowed ? 1 : 0 },
      token,
    );
  if (original) await signedCall(baseURL, saveConsoleSite, original, token);
  if (originalChannel) await signedCall(baseURL, saveConsoleChannel, originalChannel, token);
  if (originalImagePrice) await signedCall(baseURL, saveConsoleChannel, originalImagePrice, token);
});

describe('operator console journey', () => {
  it('turns away a visitor who is not staff, and lets the admin in after logging in', async () => {
    await member.goto('/#/admin');
    await member.getByText(consoleLayoutText.noAccess).waitFor();
    await member.locator('.ant-result').getByText(protocolMessages.consoleOnly).waitFor();
    await screenshot(member, 'admin-refused');

    await admin.goto('/#/admin');
    await admin.getByText(consoleLayoutText.noAccess).waitFor();
    await button(admin, consoleLayoutText.goLogin).click();
    await admin.waitForURL(/#\/login/);
    await admin.getByPlaceholder(authMessages.username).fill('admin');
    await admin.getByPlaceholder(authMessages.password).fill(appUnderTest().adminPassword);
    await admin.getByRole('checkbox').check();
    await button(admin, authMessages.login).click();
    await admin.waitForURL(/#\/admin/);
    await admin.getByRole('menuitem', { name: usersConsoleText.menuUsers }).waitFor();
  });

  it('changes the site title and logo with a live preview, and the home page shows them', async () => {
    const before = (await signedCall(baseURL, getSiteSettings, {})).data;
    original = { site_title: before.site_title, logo: '', head_logo: '' };
    await admin.getByRole('menuitem', { name: adminText.menuSite }).click();
    await admin.waitForURL(/#\/admin\/site/);
    const title = admin.getByLabel(siteFieldLabels.site_title);
    await title.fill(TITLE);
    await expect.poll(() => admin.getByTestId('preview-title').innerText()).toBe(TITLE);
    await admin.getByRole('tab', { name: adminText.tabImages }).click();
    await admin.getByRole('textbox', { name: siteFieldLabels.logo, exact: true }).fill('/favicon.svg');
    await admin.getByRole('tab', { name: adminText.tabFooter }).click();
    await admin.getByLabel(siteFieldLabels.diy_label).fill('<b>客服热线 400-000-0000</b><script>alert(1)</script>');
    await screenshot(admin, 'admin-site');
    await button(admin, adminText.saveSettings).click();
    await toast(admin, siteConsoleMessages.saved).waitFor();

    // A visitor opening the site afresh (settings are cached for minutes within one visit).
    await member.goto('/#/home');
    await member.reload();
    await member.getByText(TITLE).first().waitFor();
    await member.locator('img[src$="/favicon.svg"]').first().waitFor();
  });

  it('publishes a notice', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuNotices }).click();
    await button(admin, adminText.newNotice).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(adminText.noticeTitle).fill(NOTICE);
    await dialog.getByLabel(adminText.noticeDesc).fill('全场积分八折');
    await dialog.getByLabel(adminText.noticeContent).fill('<p>活动时间：5月1日至5月5日</p>');
    await dialog.locator('.ant-card').getByText('活动时间：5月1日至5月5日').waitFor();
    await screenshot(admin, 'admin-notice-edit');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(admin, siteConsoleMessages.noticeSaved).waitFor();
    await admin.getByRole('cell', { name: NOTICE, exact: true }).waitFor();
    await screenshot(admin, 'admin-notices');
  });

  it('generates a batch of codes, and a person registers with one', async () => {
    await admin.getByRole('menuitem', { name: codesConsoleText.menuCodes }).click();
    await admin.waitForURL(/#\/admin\/codes/);
    await button(admin, codesConsoleText.generate).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(codesConsoleText.batchLabel).fill(BATCH);
    await dialog.getByLabel(codesConsoleText.count).fill('5');
    await dialog.getByLabel(codesConsoleText.creditsPerCode).fill('300');
    await screenshot(admin, 'admin-codes-generate');
    await button(dialog, codesConsoleText.generate).click();
    await toast(admin, adminMessages.codesMade(5)).waitFor();
    await admin.getByRole('button', { name: `${codesConsoleText.batch} ${BATCH}` }).waitFor();
    const firstCode = admin.locator('.ant-table-row').filter({ hasText: BATCH }).last().locator('td').first();
    await expect.poll(() => admin.locator('.ant-card').nth(1).locator('.ant-table-row').count()).toBe(5);
    const code = (await firstCode.innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{16}$/);
    await screenshot(admin, 'admin-codes');

    memberToken = await registerWithCode(member, 'shop_', code);
    const credits = await signedCall(baseURL, getCredits, {}, memberToken);
    memberName = credits.data.username;
    // A visitor is a guest with trial credits until registering; the code's credits come on top.
    expect(credits.data.credits).toBeGreaterThanOrEqual(300);
    startCredits = credits.data.credits;
    await member.getByRole('button', { name: noticeMessages.centre }).click();
    await member.getByRole('dialog').getByText(NOTICE).first().click();
    await member.getByRole('dialog').getByText('活动时间：5月1日至5月5日').waitFor();
    await member.keyboard.press('Escape');

    await admin.reload();
    await admin.getByRole('button', { name: `${codesConsoleText.batch} ${BATCH}` }).click();
    await admin.getByText(memberName).waitFor();
  });

  it("adjusts that person's credits with a reason, seen in their balance and the audit log", async () => {
    await admin.getByRole('menuitem', { name: usersConsoleText.menuUsers }).click();
    await admin.getByRole('searchbox', { name: usersConsoleText.searchUser }).fill(memberName);
    await admin.getByRole('searchbox', { name: usersConsoleText.searchUser }).press('Enter');
    await admin.getByRole('button', { name: `${usersConsoleText.detail} ${memberName}` }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.waitFor();
    // A failure here names the script error that kept the drawer from showing.
    await expect.poll(() => drawer.getByText(usersConsoleText.batchesTitle).count(), { timeout: 15_000 }).toBe(1);
    expect(problems.filter((p) => !p.includes('console: Failed to load resource'))).toEqual([]);
    await screenshot(admin, 'admin-user-drawer-open');
    await drawer.getByLabel(usersConsoleText.adjustAmount).fill('250');
    await drawer.getByLabel(usersConsoleText.adjustReason).fill('开业活动赠送');
    await drawer.getByRole('button', { name: usersConsoleText.adjustCredits }).click();
    await toast(admin, adminMessages.adjusted).waitFor();
    await drawer.getByText('开业活动赠送').waitFor();
    await screenshot(admin, 'admin-user-detail');
    expect((await signedCall(baseURL, getCredits, {}, memberToken)).data.credits).toBe(startCredits + 250);
  });

  it('disables the person: their next call is logged out and they cannot log in again', async () => {
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('button', { name: usersConsoleText.disable }).click();
    await admin
      .locator('.ant-popover')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(admin, adminMessages.disabled).waitFor();
    await drawer.getByText(usersConsoleText.statusOff).waitFor();
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'admin-users');

    await member.goto('/#/consum');
    await member.waitForURL(/#\/login/);
    expect(await member.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const again = await signedCall(baseURL, getCredits, {}, memberToken);
    expect(again.code).toBe(ReplyCode.login);
    await member.getByPlaceholder(authMessages.username).fill(memberName);
    await member.getByPlaceholder(authMessages.password).fill('Passw0rd123');
    await member.getByRole('checkbox').check();
    await button(member, authMessages.login).click();
    await member.locator('.ant-message').getByText(accountMessages.accountDisabled).waitFor();
  });

  it("changes a video channel's price, and the studio's channel list shows it", async () => {
    const studio = (await signedCall(baseURL, listVideoChannels, {})).data.list;
    const target = studio[0]!;
    const token = appUnderTest().adminToken;
    originalChannel =
      (await signedCall(baseURL, listConsoleChannels, {}, token)).data.list.find(
        (c) => c.kind === 'video' && c.api === target.api,
      ) ?? null;
    await admin.getByRole('menuitem', { name: adminText.menuChannels }).click();
    await admin.getByRole('button', { name: `${adminText.edit} video ${target.api}` }).click();
    const dialog = admin.getByRole('dialog');
    // A typed negative price is refused with its reason, not saved as 0.
    await dialog.getByLabel(adminText.channelPrice).fill('-5');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.getByText(rangeMessage(adminText.channelPrice, 0, 1_000_000)).waitFor();
    await screenshot(admin, 'admin-channel-negative-price');
    expect(await toast(admin, channelConsoleMessages.saved).count()).toBe(0);
    await dialog.getByLabel(adminText.channelPrice).fill(String(target.credits + 7));
    await screenshot(admin, 'admin-channel-edit');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(admin, channelConsoleMessages.saved).waitFor();
    await screenshot(admin, 'admin-channels');
    const after = (await signedCall(baseURL, listVideoChannels, {})).data.list.find((c) => c.api === target.api);
    expect(after?.credits).toBe(target.credits + 7);
  });

  it('withdraws and deletes the notice', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuNotices }).click();
    await admin.getByRole('button', { name: `${adminText.unpublish} ${NOTICE}` }).click();
    await toast(admin, siteConsoleMessages.noticeUnpublished).waitFor();
    await admin.getByRole('button', { name: `${adminText.remove} ${NOTICE}` }).click();
    await admin
      .locator('.ant-popover')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(admin, siteConsoleMessages.noticeDeleted).waitFor();
    await expect.poll(() => admin.getByRole('cell', { name: NOTICE, exact: true }).count()).toBe(0);
  });

  it('shows engine settings: environment values read-only, a saved key masked, a real test call per engine', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuEngines }).click();
    await admin.waitForURL(/#\/admin\/engines/);
    // 可灵 is set by the environment here: read-only, its secret masked, and its fake answers the test call.
    const kling = admin.locator('[data-engine="kling"]');
    await kling.getByText(adminText.fromEnv).first().waitFor();
    expect(await kling.getByLabel('KLING_SECRET_KEY', { exact: true }).isDisabled()).toBe(true);
    expect(await kling.getByLabel('KLING_SECRET_KEY', { exact: true }).getAttribute('placeholder')).toBe('****e-sk');
    await kling.getByRole('button', { name: `${adminText.testConnection} 可灵` }).click();
    await kling
      .locator('.ant-alert-success')
      .getByText(/连接正常/)
      .waitFor();

    const did = admin.locator('[data-engine="did"]');
    try {
      await did.getByLabel('DID_BASE_URL', { exact: true }).fill('http://127.0.0.1:9');
      await did.getByLabel('DID_API_KEY', { exact: true }).fill('e2e-did-secret-4321');
      await button(did, adminText.save).click();
      await toast(admin, engineConsoleMessages.saved).waitFor();
      const key = did.getByLabel('DID_API_KEY', { exact: true });
      await expect.poll(() => key.getAttribute('placeholder')).toBe(adminText.secretKept('****4321'));
      expect(await key.inputValue()).toBe('');
      expect(await admin.content()).not.toContain('e2e-did-secret-4321');
      await did.getByText(adminText.fromConsole).first().waitFor();
      await did.getByRole('button', { name: `${adminText.testConnection} D-ID` }).click();
      await did
        .locator('.ant-alert-error')
        .getByText(/无法连接/)
        .waitFor();
      await screenshot(admin, 'admin-engines');
    } finally {
      const token = appUnderTest().adminToken;
      await signedCall(
        baseURL,
        saveEngineSettings,
        { engine: 'did', values: '{}', clear: 'DID_BASE_URL,DID_API_KEY' },
        token,
      );
    }
  });

  it("lists background jobs by queue and state, with a job's detail and the dead-letter queue", async () => {
    await admin.getByRole('menuitem', { name: adminText.menuJobs }).click();
    await admin.waitForURL(/#\/admin\/jobs/);
    // The users' work by its names; the queue's own sweeps (every minute, so never empty for long) on demand.
    await admin.getByText(adminText.internalQueues).waitFor();
    expect(await admin.locator('.ant-table').innerText()).not.toMatch(/__pgboss__|\.sweep/);
    await admin.getByRole('switch', { name: adminText.internalQueues }).click();
    await admin.locator('.ant-table-row').first().waitFor({ timeout: 90_000 });
    await screenshot(admin, 'admin-jobs');
    await admin.locator('.ant-table-row').first().getByRole('button', { name: /^详情/ }).click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.getByText(adminText.jobPayload).waitFor();
    await screenshot(admin, 'admin-job-detail');
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await admin.getByLabel(adminText.jobQueue, { exact: true }).click();
    await admin.locator('.ant-select-item-option').getByText(adminText.deadLetters, { exact: true }).click();
    await admin.locator('.ant-table').waitFor();
  });

  it('curates the public library: hides a person picture from everyone and shows it again', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuLibrary }).click();
    await admin.waitForURL(/#\/admin\/library/);
    await admin.locator('.ant-table-row').first().waitFor();
    await screenshot(admin, 'admin-library-avatars');
    await admin.getByRole('tab', { name: '人物照片' }).click();
    const token = appUnderTest().adminToken;
    const first = (await signedCall(baseURL, listConsoleLibrary, { kind: 'person' }, token)).data.list[0]!;
    const publicNames = async () =>
      (await signedCall(baseURL, listPhotos, { source: '2', type: 1, limit: 0 }, token)).data.list.map((p) => p.id);
    try {
      await admin.getByRole('switch', { name: `${adminText.libraryShown} ${first.name}` }).click();
      await toast(admin, libraryConsoleMessages.saved).waitFor();
      await expect.poll(publicNames).not.toContain(first.id);
      await screenshot(admin, 'admin-library-photos');
      await admin.getByRole('switch', { name: `${adminText.libraryShown} ${first.name}` }).click();
      await expect.poll(publicNames).toContain(first.id);
    } finally {
      await signedCall(
        baseURL,
        saveConsoleLibraryItem,
        { kind: 'person', id: first.id, name: first.name, hidden: 0, sort: first.sort },
        token,
      );
    }
  });

  it("changes the AI picture price on the channels screen, and the text-to-image page's button shows it", async () => {
    const token = appUnderTest().adminToken;
    originalImagePrice =
      (await signedCall(baseURL, listConsoleChannels, {}, token)).data.list.find((c) => c.kind === 'image') ?? null;
    await admin.getByRole('menuitem', { name: adminText.menuChannels }).click();
    await admin.waitForURL(/#\/admin\/channels/);
    await admin.getByRole('button', { name: `${adminText.edit} image image` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(adminText.channelPrice).fill('13');
    await screenshot(admin, 'admin-price-edit');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(admin, channelConsoleMessages.saved).waitFor();
    await admin.getByRole('cell', { name: '13 积分/张' }).waitFor();
    await screenshot(admin, 'admin-channels-prices');
    await admin.goto(`${baseURL}/#/store/wsImage`);
    await button(admin, `${aiMediaLabels.generate}（13${aiMediaLabels.points}）`).waitFor();
    await admin.goto(`${baseURL}/#/admin/channels`);
    await admin.locator('.ant-table-row').first().waitFor();
  });

  it('curates content: hides an inspiration word from the text-to-video page, adds a writing topic, edits a template', async () => {
    const token = appUnderTest().adminToken;
    const words = (await signedCall(baseURL, listConsoleCuration, { kind: 'inspiration_word' }, token)).data.list;
    // One on the first page of the list.
    const word = words.filter((w) => w.hidden === 0)[0]!;
    const shownWords = async () =>
      (await signedCall(baseURL, videoPrompt, {}, token)).data.list.flatMap((g) => g.list.map((w) => w.id));
    const flow = (await signedCall(baseURL, listConsoleWorkflows, {}, token)).data.list.find(
      (w) => w.kind === 'text2video',
    )!;
    try {
      await admin.getByRole('menuitem', { name: adminText.menuCuration }).click();
      await admin.waitForURL(/#\/admin\/curation/);
      await admin.getByRole('columnheader', { name: adminText.curationContent }).waitFor();
      await admin.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      await screenshot(admin, 'admin-curation-prompts');
      await admin.getByRole('tab', { name: '灵感词', exact: true }).click();
      await admin.getByRole('switch', { name: `${adminText.libraryShown} ${word.name}` }).click();
      await toast(admin, curationMessages.saved).waitFor();
      await expect.poll(shownWords).not.toContain(word.id);
      await toastsGone(admin);
      await screenshot(admin, 'admin-curation-words');
      // The user's page no longer offers the word.
      await admin.goto(`${baseURL}/#/store/wsVideo`);
      await admin.locator('.ant-tag[role=button]').first().waitFor();
      expect(await admin.locator('.ant-tag[role=button]').getByText(word.name, { exact: true }).count()).toBe(0);
      await admin.goto(`${baseURL}/#/admin/curation`);

      await admin.getByRole('tab', { name: 'AI 写作话题' }).click();
      // The button carries a plus icon, named with it.
      await admin.getByRole('button', { name: /新\s*增$/ }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(adminText.curationName).fill('节日营销');
      await dialog.getByLabel(adminText.curationSubTopics).fill('春节促销\n中秋礼盒');
      await screenshot(admin, 'admin-curation-new-topic');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(admin, curationMessages.created).waitFor();
      await admin.getByRole('cell', { name: '春节促销、中秋礼盒' }).waitFor();

      await admin.getByRole('menuitem', { name: adminText.menuWorkflows }).click();
      await admin.waitForURL(/#\/admin\/workflows/);
      // Exact: the content screen's 文生视频推荐 tab may still be on screen while this one loads.
      await admin.getByLabel(adminText.workflowGraph).waitFor();
      await admin.getByRole('tab', { name: '文生视频', exact: true }).click();
      await expect.poll(() => admin.getByLabel(adminText.workflowName).inputValue()).toBe(flow.name);
      await admin.getByLabel(adminText.workflowName).fill('我的 Wan 模板');
      await screenshot(admin, 'admin-workflows');
      await admin.getByLabel(adminText.workflowGraph).fill('{"1": {"class_type": "X", "inputs": {}}}');
      await button(admin, adminText.save).click();
      await admin.locator('.ant-message').getByText(workflowMessages.missingPlaceholder('{{prompt}}')).waitFor();
      await button(admin, adminText.workflowReset).click();
      await expect.poll(() => admin.getByLabel(adminText.workflowName).inputValue()).toBe(flow.name);
    } finally {
      await signedCall(
        baseURL,
        saveConsoleCuration,
        { kind: 'inspiration_word', id: word.id, name: word.name, hidden: 0, sort: word.sort },
        token,
      );
      await signedCall(baseURL, saveConsoleWorkflow, { kind: 'text2video', name: flow.name, graph: flow.graph }, token);
      // The topic made here is hidden again, so other journeys see the studio's usual topics.
      const topics = (await signedCall(baseURL, listConsoleCuration, { kind: 'write_topic' }, token)).data.list;
      for (const topic of topics.filter((x) => x.name === '节日营销'))
        await signedCall(
          baseURL,
          saveConsoleCuration,
          { kind: 'write_topic', id: topic.id, name: topic.name, content: topic.content, hidden: 1, sort: topic.sort },
          token,
        );
    }
    await expect.poll(shownWords).toContain(word.id);
  });

  it('replaces a public picture with an uploaded cover', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuLibrary }).click();
    await admin.waitForURL(/#\/admin\/library/);
    await admin.getByRole('tab', { name: '人物照片' }).click();
    const token = appUnderTest().adminToken;
    const first = (await signedCall(baseURL, listConsoleLibrary, { kind: 'person' }, token)).data.list[0]!;
    await admin.getByRole('button', { name: `${adminText.edit} ${first.name}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(adminText.libraryNewCover).waitFor();
    // The dialog's opening animation is over once its frame no longer moves.
    await admin.locator('.ant-modal:not(.ant-zoom-appear):not(.ant-zoom-enter)').waitFor();
    await admin.waitForTimeout(400);
    await screenshot(admin, 'admin-library-cover');
    await dialog.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  });

  it('sets the rules of live sessions: a refused number keeps its reason, a saved one is what the server keeps', async () => {
    const token = appUnderTest().adminToken;
    originalLive = (await signedCall(baseURL, consoleLiveSettings, {}, token)).data;
    await admin.getByRole('menuitem', { name: liveConsoleLabels.menu }).click();
    await admin.waitForURL(/#\/admin\/live/);
    const minutes = admin.getByLabel(liveConsoleLabels.maxMinutes);
    await expect.poll(() => minutes.inputValue()).toBe(String(originalLive.max_minutes));
    await minutes.fill('900');
    await button(admin, liveConsoleLabels.save).click();
    await admin.getByText(rangeMessage(liveConsoleLabels.maxMinutes, 1, 600)).waitFor();
    expect(await toast(admin, liveSessionMessages.settingsSaved).count()).toBe(0);
    await minutes.fill('45');
    await admin.getByLabel(liveConsoleLabels.maxSessions).fill('3');
    const guests = admin.getByRole('switch', { name: liveConsoleLabels.guests });
    const guestsBefore = (await guests.getAttribute('aria-checked')) === 'true';
    await guests.click();
    await button(admin, liveConsoleLabels.save).click();
    await toast(admin, liveSessionMessages.settingsSaved).waitFor();
    await screenshot(admin, 'admin-live-settings');
    const saved = (await signedCall(baseURL, consoleLiveSettings, {}, token)).data;
    expect(saved).toEqual({ ...originalLive, max_minutes: 45, max_sessions: 3, guests_allowed: !guestsBefore });
    await admin.reload();
    await expect.poll(() => admin.getByLabel(liveConsoleLabels.maxMinutes).inputValue()).toBe('45');
    // What a user is told on the live page before starting follows the new length.
    await admin.goto(`${baseURL}/#/live`);
    await admin.getByText(liveLabels.maxMinutes(45)).waitFor();
    await admin.goto(`${baseURL}/#/admin/live`);
  });

  it('lists every console action in the audit log', async () => {
    await admin.getByRole('menuitem', { name: adminText.menuAudit }).click();
    await admin.waitForURL(/#\/admin\/audit/);
    for (const label of [
      '修改站点设置',
      '新建公告',
      '生成兑换码',
      '调整积分',
      '停用账号',
      '修改渠道',
      '删除公告',
      '修改引擎设置',
      '修改运营内容',
      '新增运营内容',
      '修改工作流模板',
      '修改实时互动设置',
    ])
      await admin.getByRole('cell', { name: label }).first().waitFor();
    await screenshot(admin, 'admin-audit');

    await admin.getByRole('menuitem', { name: adminText.menuDashboard }).click();
    await admin.getByRole('img', { name: adminText.chartUsers }).locator('canvas').waitFor();
    await admin.getByRole('img', { name: adminText.chartEngines }).locator('canvas').waitFor();
    await screenshot(admin, 'admin-dashboard');
    expect(problems.filter((p) => !p.includes('console: Failed to load resource'))).toEqual([]);
  });
});
