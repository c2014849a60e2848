import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors } from '@app/contract';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { openApiText as m } from '../apps/web/src/features/open-api/messages';
import { startLoopbackFake, type FakeServer } from '../apps/server/test/loopback-fake';

// A developer makes an API key on the 开放接口 page, sees it once, calls the API with it, and revokes it.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseURL: string;
let problems: string[] = [];
let receiver: FakeServer;

beforeAll(async () => {
  ({ baseURL } = appUnderTest());
  browser = await connectBrowser();
  context = await newVisitorContext(browser, baseURL);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  problems = watchPage(page);
  await registerWithCode(page, 'api', await redeemCode(300));
});

afterAll(async () => {
  await receiver?.close();
  await context?.close();
  await browser?.close();
});

/** What the API answers this key for the caller's credits, called as a program would. */
async function quota(key: string): Promise<{ status: number; body: { error: { code: string } | null } }> {
  const res = await fetch(`${baseURL}/v2/user/remaining_quota`, { headers: { 'X-Api-Key': key } });
  return { status: res.status, body: (await res.json()) as { error: { code: string } | null } };
}

describe('API keys on the 开放接口 page', () => {
  let key = '';
  const name = '门店小程序';

  it('creates a key and shows it once, with a copy button; the list keeps only its prefix', async () => {
    await page.goto('/#/developer');
    await page.getByRole('heading', { name: m.pageTitle }).waitFor();
    await page.getByText(m.noKeys).waitFor();
    // The intro links to the API's rendered OpenAPI document.
    expect(await page.getByRole('link', { name: m.docsLink }).getAttribute('href')).toBe('/v1/docs');
    await page.getByRole('button', { name: m.createKey }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: m.createKey }).click();
    await dialog.getByText(m.keyNameRequired).waitFor();
    await dialog.getByLabel(m.keyName).fill(name);
    await dialog.getByRole('button', { name: m.createKey }).click();

    const shown = dialog.getByLabel(m.keyLabel);
    await shown.waitFor();
    key = ((await shown.textContent()) ?? '').trim();
    expect(key.length).toBeGreaterThan(20);
    await dialog.getByText(m.keyShownOnce).waitFor();
    await screenshot(page, 'developer-key-shown-once');
    // Only 我已保存 closes it: Escape leaves the key on screen.
    await page.keyboard.press('Escape');
    await expect.poll(() => shown.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: m.close }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const prefix = ((await row.locator('code').textContent()) ?? '').replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    await page.reload();
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(key);
    await screenshot(page, 'developer-keys');
  });

  it('lists a webhook delivery of an API video with its failed attempt and its retry', async () => {
    // The developer's receiver, on the one loopback address links may reach here: it fails once, then takes it.
    let calls = 0;
    receiver = await startLoopbackFake({
      host: '127.0.0.2',
      handle: (r) => ({ status: r.method === 'POST' && ++calls === 1 ? 500 : 200 }),
    });
    const api = async <T>(method: string, url: string, json?: unknown) => {
      const res = await fetch(`${baseURL}${url}`, {
        method,
        headers: { 'X-Api-Key': key, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return ((await res.json()) as { data: T }).data;
    };
    await api('POST', '/v1/webhook/endpoint.add', { url: `${receiver.url}/heygen` });
    // The demo actors are made at first start: wait for one to be ready.
    let avatarId = '';
    await expect
      .poll(
        async () =>
          (avatarId =
            (await api<{ avatars: { avatar_id: string }[] }>('GET', '/v2/avatars')).avatars[0]?.avatar_id ?? ''),
        { timeout: 180_000, interval: 2000 },
      )
      .not.toBe('');
    const made = await api<{ video_id: string }>('POST', '/v2/video/generate', {
      channel: 'local',
      callback_id: 'e2e-1',
      video_inputs: [{ character: { type: 'avatar', avatar_id: avatarId }, voice: { type: 'silence' } }],
    });
    await expect
      .poll(() => receiver.requests.filter((r) => r.method === 'POST').length, { timeout: 120_000, interval: 1000 })
      .toBeGreaterThanOrEqual(2);

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'avatar_video.success' });
    await row.getByText(m.deliveryDelivered).waitFor();
    await row.getByText(/HTTP 500/).waitFor();
    await row.getByText(/HTTP 200/).waitFor();
    expect(await row.textContent()).toContain(`${m.deliveryVideo} ${made.video_id}`);
    await screenshot(page, 'developer-webhook-deliveries');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByText(m.deliveryDelivered).waitFor();
    await screenshot(page, 'developer-webhook-deliveries-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the key calls the API, and stops working once revoked', async () => {
    expect(await quota(key)).toMatchObject({ status: 200, body: { error: null } });
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    // The first call is the key's last use, shown in its row.
    await expect.poll(async () => (await row.textContent())?.includes(m.neverUsed), { timeout: 15_000 }).toBe(false);

    await row.getByRole('button', { name: `${m.revoke} ${name}` }).click();
    // antd spaces out a two-character button label: 撤 销.
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: new RegExp(`^${[...m.revoke].join('\\s?')}$`) })
      .click();
    await page.getByText(m.noKeys).waitFor();
    expect(await quota(key)).toMatchObject({
      status: 401,
      body: { error: { code: openApiErrors.keyInvalid.code } },
    });
    expect(problems).toEqual([]);
  });
});

/** A button's label as antd draws it: a two-character one spaced out (删 除). */
const spaced = (label: string) => new RegExp([...label].join('\\s?'));

describe('webhook endpoints on the 开放接口 page', () => {
  it('adds an endpoint, shows its secret on request, rotates it through the confirm, and deletes it', async () => {
    // The receiver started for the deliveries answers the check at add (OPTIONS) with 200.
    const url = `${receiver.url}/page-hook`;
    await page.goto('/#/developer');
    const card = page.locator('.ant-card').filter({ hasText: m.endpointsIntro });
    await card.waitFor();
    await card.getByRole('button', { name: spaced(m.addEndpoint) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(m.endpointUrl).fill('http://10.0.0.1/hook');
    await dialog.getByRole('button', { name: spaced(m.addEndpoint) }).click();
    // The server's public address rule, in its words.
    await page.getByText(openApiErrors.webhookUrlPrivate.zh).waitFor();
    await dialog.getByLabel(m.endpointUrl).fill(url);
    await dialog.getByLabel(new RegExp(m.eventFail)).uncheck();
    await dialog.getByRole('button', { name: spaced(m.addEndpoint) }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = card.getByRole('row').filter({ hasText: url });
    await row.getByText(m.eventSuccess).waitFor();
    expect(await row.getByText(m.eventFail).count()).toBe(0);
    const secretCell = row.getByLabel(`${m.endpointSecret} ${url}`);
    expect(await secretCell.textContent()).toMatch(/^whsec_•+$/);
    await row.getByRole('button', { name: spaced(m.showSecret) }).click();
    const secret = ((await secretCell.textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await screenshot(page, 'developer-webhook-endpoints');

    await row.getByRole('button', { name: `${m.rotateSecret} ${url}` }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(m.rotateConfirm).waitFor();
    await confirm.getByRole('button', { name: m.rotateSecret }).click();
    const shown = page.getByRole('dialog').getByLabel(m.newSecretLabel);
    await shown.waitFor();
    const rotated = ((await shown.textContent()) ?? '').trim();
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(rotated).not.toBe(secret);
    await screenshot(page, 'developer-webhook-secret-rotated');
    await page.getByRole('dialog').getByRole('button', { name: m.close }).click();
    await expect.poll(async () => ((await secretCell.textContent()) ?? '').trim()).toBe(rotated);

    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    await screenshot(page, 'developer-webhook-endpoints-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await row.getByRole('button', { name: `${m.deleteEndpoint} ${url}` }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced(m.deleteEndpoint) })
      .click();
    await row.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});
