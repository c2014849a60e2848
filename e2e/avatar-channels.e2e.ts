import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVideoChannels } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { makeShortClip, mediaTempDir } from './support/media';
import { cardAction, cloneAvatarOnPage, redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { avatarsMessages } from '../apps/web/src/features/avatars/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { avatarMessages } from '../apps/server/src/engines/avatar/messages';

const avatarName = '图案分身';

let browser: Browser;
const contexts: BrowserContext[] = [];
let media: string;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
  media = mediaTempDir();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});

/** The avatar's player lists the channels it can use, and the others greyed with the reason. */
async function avatarPageChannels(page: Page, shot: string) {
  await page.goto('/#/profile');
  await cardAction(page, avatarName, commonLabels.play);
  const player = page.getByRole('dialog', { name: avatarName });
  const channels = player.getByRole('list', { name: avatarsMessages.channelsTitle });
  await channels.getByRole('listitem', { name: avatarMessages.localChannelName }).waitFor();
  await channels.getByRole('listitem', { name: `${avatarMessages.lipsyncChannelName}：${avatarMessages.lipsyncNoFace}` }).waitFor();
  await player.getByText(avatarsMessages.channelsCount(1, 2)).waitFor();
  await screenshot(page, shot);
  await player.getByRole('button', { name: /close|关闭/i }).click();
}

/** The studio's channel dialog greys out the channel this avatar cannot use; a click on it sends nothing. */
async function studioChannels(page: Page, shot: string) {
  await page.goto('/#/profile');
  await cardAction(page, avatarName, avatarsMessages.premiumCreate);
  await page.waitForURL(/#\/create\?id=\d+/);
  await page.locator(`video[aria-label="${avatarName}"]`).waitFor();
  await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
  await page.getByRole('radio', { name: /离线合成/ }).first().click();
  await page.getByRole('textbox', { name: studioText.scriptLabel }).fill('大家好，欢迎来到直播间。');
  await page.getByRole('button', { name: studioText.synthesize }).click();
  const dialog = page.getByRole('dialog', { name: studioText.channelTitle });
  const lipsync = dialog.getByRole('radio', { name: avatarMessages.lipsyncChannelName });
  await lipsync.getByText(avatarMessages.lipsyncNoFace).waitFor();
  expect(await lipsync.getAttribute('aria-disabled')).toBe('true');
  expect(await lipsync.getByText(studioText.channelUnusable).count()).toBe(1);
  const local = dialog.getByRole('radio', { name: avatarMessages.localChannelName });
  expect(await local.getAttribute('aria-disabled')).toBeNull();
  // The usable channel comes first.
  expect(await dialog.getByRole('radio').first().getAttribute('aria-label')).toBe(avatarMessages.localChannelName);
  await screenshot(page, shot);
  let submitted = false;
  page.on('request', (r) => void (r.url().includes('/api/user/works') && r.method() === 'POST' && (submitted = true)));
  // A person can still tap it (Playwright would wait for it to be enabled).
  await lipsync.click({ force: true });
  await page.waitForTimeout(1_200);
  expect(submitted).toBe(false);
  expect(await lipsync.getAttribute('aria-checked')).toBe('false');
  await page.keyboard.press('Escape');
}

describe('which channels an avatar can use', () => {
  it('the avatar page and the studio say it at once, on a laptop and on a phone', async () => {
    const desktop = await newVisitorContext(browser, appUnderTest().baseURL);
    contexts.push(desktop);
    const page = await desktop.newPage();
    const problems = watchPage(page);
    const token = await registerWithCode(page, 'e2e_ch_', await redeemCode(10_000));
    // A 6 s test pattern: the local channel takes it, the lip-sync channel finds no face in it.
    await cloneAvatarOnPage(page, avatarName, makeShortClip(media, 'pattern.mp4'));

    // What the pages show is what the server says.
    const { list: mine } = await apiData(appUnderTest().baseURL, listVideoChannels, {}, token);
    expect(mine.every((c) => c.unusable === '')).toBe(true);

    await avatarPageChannels(page, 'avatar-channels-1440');
    await studioChannels(page, 'studio-channels-1440');

    const phone = await browser.newContext({
      baseURL: appUnderTest().baseURL,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
      storageState: await desktop.storageState(),
    });
    contexts.push(phone);
    const small = await phone.newPage();
    problems.push(...watchPage(small));
    await avatarPageChannels(small, 'avatar-channels-390');
    await studioChannels(small, 'studio-channels-390');
    expect(problems).toEqual([]);
  });
});
