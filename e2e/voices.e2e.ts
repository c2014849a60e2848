import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, studioMessages, voiceMessages } from '@app/contract';
import { connectBrowser, newVisitorContext, screenshot, toast, watchPage, button } from './support/browser';
import { appUnderTest } from './support/context';
import { cloneMessages } from '../apps/web/src/features/voices/messages';
import { commonLabels } from '../apps/web/src/lib/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';

// Two-character antd buttons get a space between the characters; match either way.

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What went wrong in the page without failing a step (see watchPage). */
let problems: string[] = [];
let workDir: string;
let recording: string;

beforeAll(async () => {
  appUnderTest();
  workDir = mkdtempSync(path.join(tmpdir(), 'voices-e2e-'));
  recording = path.join(workDir, '我的录音.wav');
  // About 15 s of Mandarin, as a person would record it.
  execFileSync('espeak-ng', [
    '-v',
    'cmn',
    '-s',
    '150',
    '-w',
    recording,
    '今天天气很好，我们一起去公园散步，看看湖边的花草树木，再听一听鸟儿唱歌。',
  ]);
  browser = await connectBrowser();
  context = await newVisitorContext(browser, appUnderTest().baseURL);
  page = await context.newPage();
  problems = watchPage(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(workDir, { recursive: true, force: true });
});

// Each test ends with no script or console error and no API call refused or unknown to the server.
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('voice cloning journey', () => {
  it('clones a voice from a recording, watches it turn ready, auditions, tunes, confirms, renames and deletes it', async () => {
    await page.goto('/#/clone?id=2');
    await page.getByText('离线合成男声').waitFor();
    await screenshot(page, 'voices-public-dark');

    await button(page, cloneMessages.add).click();
    await button(page, cloneMessages.next).click();
    await toast(page, voiceMessages.termsRequired).waitFor();
    await page.getByRole('checkbox').check();
    await button(page, cloneMessages.next).click();
    await page.getByLabel('本地语音 1.0').waitFor();
    await screenshot(page, 'voices-channels-dark');
    await page.getByLabel('本地语音 1.0').click();

    const dialog = page.getByRole('dialog', { name: cloneMessages.createTitle });
    await dialog.getByText('建议10秒-3分钟清晰人声', { exact: false }).waitFor();
    await dialog.getByLabel(cloneMessages.name).fill('我的测试声音');
    await dialog.locator('input[type=file]').setInputFiles(recording);
    await toast(page, filesMessages.uploaded).waitFor({ timeout: 30_000 });
    await screenshot(page, 'voices-create-dark');
    await button(dialog, commonLabels.startClone).click();
    await toast(page, voiceMessages.cloneStarted).waitFor();

    const card = page.locator('.ant-list-item').filter({ hasText: '我的测试声音' });
    await card.getByText(commonLabels.cloning).waitFor();
    await screenshot(page, 'voices-cloning-dark');
    // The list polls every 10 s while something is cloning; the card turns ready without a reload.
    await button(card, cloneMessages.edit).waitFor({ timeout: 60_000 });
    await expect(card.getByText(commonLabels.cloning).count()).resolves.toBe(0);
    await screenshot(page, 'voices-ready-dark');

    await button(card, cloneMessages.edit).click();
    const tuning = page.getByRole('dialog', { name: cloneMessages.editTitle });
    await tuning.getByRole('slider', { name: commonLabels.rate }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await tuning.getByText('语速（1.3）').waitFor();
    await button(tuning, cloneMessages.audition).click();
    const player = tuning.getByTestId('audition-player');
    await player.waitFor({ timeout: 30_000 });
    const ended = await player.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<boolean>((resolve) => {
          if (el.ended) return resolve(true);
          el.addEventListener('ended', () => resolve(true));
          if (el.paused) void el.play();
        }),
    );
    expect(ended).toBe(true);
    await screenshot(page, 'voices-tuning-dark');
    await button(tuning, cloneMessages.save).click();
    await toast(page, voiceMessages.edited).waitFor();
    await tuning.waitFor({ state: 'hidden' });

    // Reopened, the saved speed is there; 恢复默认 sends 1, 1, 1 and the server keeps them.
    await button(card, cloneMessages.edit).click();
    await tuning.getByText('语速（1.3）').waitFor();
    await tuning.getByRole('slider', { name: commonLabels.volume }).focus();
    await page.keyboard.press('ArrowRight');
    await tuning.getByText('音量（1.1）').waitFor();
    const resetCall = page.waitForRequest((r) => r.url().includes('/api/user/voiceEdit'));
    const relisted = page.waitForResponse(
      (r) => /\/api\/user\/voice\?/.test(r.url()) && r.request().method() === 'GET',
    );
    await button(tuning, cloneMessages.reset).click();
    const sent = new URLSearchParams((await resetCall).postData() ?? '');
    expect([sent.get('rate'), sent.get('volume'), sent.get('pitch')]).toEqual(['1', '1', '1']);
    await relisted;
    for (const label of ['语速（1.0）', '音量（1.0）', '音调（1.0）']) await tuning.getByText(label).waitFor();
    await closeDialog(tuning);
    await button(card, cloneMessages.edit).click();
    for (const label of ['语速（1.0）', '音量（1.0）', '音调（1.0）']) await tuning.getByText(label).waitFor();
    await closeDialog(tuning);

    await button(card, cloneMessages.confirm).click();
    await button(page.locator('.ant-popover'), commonLabels.ok).click();
    await toast(page, voiceMessages.confirmed).waitFor();
    await card.getByText(cloneMessages.confirmed, { exact: false }).waitFor();

    await button(card, cloneMessages.rename).click();
    const rename = page.getByRole('dialog', { name: commonLabels.renameTitle });
    await rename.getByLabel(cloneMessages.name).fill('改名后的声音');
    await button(rename, cloneMessages.save).click();
    await toast(page, voiceMessages.renamed).waitFor();
    const renamed = page.locator('.ant-list-item').filter({ hasText: '改名后的声音' });
    await renamed.waitFor();

    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
    await screenshot(page, 'voices-mine-light');

    // Cancelling the delete prompt keeps the voice and says so.
    const deletePrompt = page.getByRole('dialog').filter({ hasText: cloneMessages.deleteTitle });
    await button(renamed, commonLabels.delete).click();
    // The visitor asked for reduced motion (the journeys' browser does): the prompt shows without its zoom.
    expect(await deletePrompt.evaluate((prompt) => prompt.getAnimations({ subtree: true }).length)).toBe(0);
    await button(deletePrompt, commonLabels.cancel).click();
    await toast(page, studioMessages.deleteCancelled).waitFor();
    expect(studioMessages.deleteCancelled).toBe('已取消删除');
    await deletePrompt.waitFor({ state: 'detached' });
    await renamed.waitFor();
    await button(renamed, commonLabels.delete).click();
    await button(deletePrompt, commonLabels.ok).click();
    await toast(page, voiceMessages.deleted).waitFor();
    await renamed.waitFor({ state: 'detached' });
  });

  it("plays a public voice on home's public-voices tab: idle 1 → playing 3 → idle again on pause and at the end", async () => {
    await page.goto('/#/home');
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    const tile = page.locator('[data-preview-state][aria-label="离线合成男声"]');
    await tile.waitFor();
    const state = () => tile.getAttribute('data-preview-state');
    expect(await state()).toBe('1');

    await tile.getByRole('button', { name: '试听 离线合成男声' }).click();
    await expect.poll(state, { timeout: 10_000 }).toBe('3');
    expect(await tile.getByRole('button', { name: '暂停 离线合成男声' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'home-public-voice-playing-light');
    await tile.getByRole('button', { name: '暂停 离线合成男声' }).click();
    await expect.poll(state).toBe('1');

    // Played again and left alone, the preview returns to idle when the audio ends.
    await tile.getByRole('button', { name: '试听 离线合成男声' }).click();
    await expect.poll(state, { timeout: 10_000 }).toBe('3');
    await expect.poll(state, { timeout: 60_000, interval: 500 }).toBe('1');
    expect(await tile.getByRole('button', { name: '试听 离线合成男声' }).getAttribute('aria-pressed')).toBe('false');
  });
});

/** Closes a dialog with its × button: Escape only reaches it while focus is inside, which a click elsewhere may have moved. */
async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-close').click();
  await dialog.waitFor({ state: 'hidden' });
}
