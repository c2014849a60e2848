import type { Page } from 'playwright-core';
import { adminToken, makeRedeemCodes } from './api';
import { appUnderTest } from './context';
import { accountMessages } from '@app/contract';
import { authMessages } from '../../apps/web/src/features/auth/messages';

/** A redeem code for `credits` made by the operator account through the admin call. */
export async function redeemCode(credits: number): Promise<string> {
  const { baseURL, adminPassword } = appUnderTest();
  const [code] = await makeRedeemCodes(baseURL, await adminToken(baseURL, adminPassword), {
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
