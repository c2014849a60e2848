import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { makeRedeemCodes } from './api';
import { appUnderTest } from './context';
import { accountMessages, filesMessages, studioMessages } from '@app/contract';
import { authMessages } from '../../apps/web/src/features/auth/messages';
import { avatarsMessages } from '../../apps/web/src/features/avatars/messages';
import { clientMessages, commonLabels } from '../../apps/web/src/lib/messages';

/** A redeem code for `credits` made by the operator account through the admin call. */
export async function redeemCode(credits: number): Promise<string> {
  const { baseURL, adminToken } = appUnderTest();
  const [code] = await makeRedeemCodes(baseURL, adminToken, {
    credits,
    count: 1,
    days: 30,
  });
  if (!code) throw new Error('no redeem code was made');
  return code;
}

/**
 * Registers a new account on the login page's redeem-code form, as a person does, and returns the
 * token the app kept. The username is `prefix` plus a time stamp.
 */
export async function registerWithCode(page: Page, prefix: string, code: string): Promise<string> {
  await page.goto('/#/login?state=2');
  await page.getByPlaceholder(authMessages.username).fill(`${prefix}${Date.now().toString(36)}`);
  await page.getByPlaceholder(authMessages.password).fill('Passw0rd123');
  await page.getByPlaceholder(accountMessages.codeRequired).fill(code);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: authMessages.register }).click();
  await page.waitForURL(/#\/home/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('registration left no token');
  return token;
}

/** Hovers the card named `name` and clicks one of its actions. */
export async function cardAction(page: Page, name: string, action: string | RegExp): Promise<void> {
  const card = page.getByRole('group', { name }).first();
  await card.hover();
  await card.getByRole('button', { name: action }).click();
}

/**
 * Clones an avatar on /profile as a person does (commitment, name, upload, start) and waits until its
 * card is no longer processing (the list refreshes by itself); the clone must not have failed.
 */
export async function cloneAvatarOnPage(page: Page, name: string, video: string, timeout = 240_000): Promise<void> {
  await page.goto('/#/profile');
  await page.getByRole('button', { name: commonLabels.customAvatar }).first().click();
  const commitment = page.getByRole('dialog', { name: avatarsMessages.commitmentTitle });
  await commitment.getByRole('button', { name: avatarsMessages.agreeAndContinue }).click();
  await commitment.getByText(studioMessages.avatarAgreement).waitFor();
  await commitment.getByRole('checkbox').check();
  await commitment.getByRole('button', { name: avatarsMessages.agreeAndContinue }).click();
  const replicate = page.getByRole('dialog', { name: avatarsMessages.replicateTitle });
  await replicate.getByLabel(avatarsMessages.nameLabel).fill(name);
  await replicate.locator('input[type=file]').setInputFiles(video);
  // The form holds the file only once it is uploaded and registered.
  await page.getByText(filesMessages.uploaded).first().waitFor({ timeout: 60_000 });
  await replicate.getByRole('button', { name: commonLabels.startClone }).click();
  await page.getByText(studioMessages.cloneStarted).first().waitFor();
  // Preparation (media, covers, the lip-sync channel's face track) runs on the server.
  const card = page.getByRole('group', { name });
  await card.waitFor();
  await expect.poll(() => card.getByText(avatarsMessages.processing).count(), { timeout, interval: 1_000 }).toBe(0);
  expect(await card.getByText(commonLabels.cloneFailed).count()).toBe(0);
}

/** The question before leaving a page that holds unsent work (its draft is kept either way). */
export const leaveQuestion = (page: Page) =>
  page.locator('.ant-modal-confirm').filter({ hasText: clientMessages.leaveTitle });

/** Answers the question before leaving: 确定 leaves the page, 取消 stays on it. */
export async function answerLeave(page: Page, leave: boolean): Promise<void> {
  const label = leave ? commonLabels.ok : commonLabels.cancel;
  await leaveQuestion(page)
    .getByRole('button', { name: new RegExp(`^${label.split('').join('\\s?')}$`) })
    .click();
}
