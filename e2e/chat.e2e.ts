import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, listTextMaterials } from '@app/contract';
import { connectBrowser, newVisitorContext, screenshot, settledScreenshot, toast, watchPage } from './support/browser';
import { e2eChat } from './support/chat-model';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';
import { chatLabels } from '../apps/web/src/features/chat/messages';
import { toolsLabels } from '../apps/web/src/features/tools/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

const answers = () => page.getByTestId('answer');
const lastAnswer = () => answers().last();
const input = () => page.getByPlaceholder(chatLabels.placeholder);
const actionOf = (answer: Locator, name: string) =>
  answer.locator('xpath=..').getByRole('button', { name: new RegExp(`${[...name].join('\\s*')}$`) });

async function ask(question: string) {
  await input().fill(question);
  await page.getByRole('button', { name: new RegExp(`${[...chatLabels.send].join('\\s*')}$`) }).click();
}

/** Reads the last answer's length every few ms while it is written: the typewriter shows it piece by piece. */
function lengthsWhileTyping(until: number): Promise<number[]> {
  return page.evaluate(async (full) => {
    const seen: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const all = document.querySelectorAll('[data-testid="answer"]');
      const text = all[all.length - 1]?.textContent ?? '';
      if (seen.at(-1) !== text.length) seen.push(text.length);
      if (text.length >= full) break;
      await new Promise((r) => setTimeout(r, 15));
    }
    return seen;
  }, until);
}

describe('chat assistant journey', () => {
  it('asks, types out, stops, thinks deeply, copies, goes to create, saves, reopens from history and deletes', async () => {
    const { baseURL } = appUnderTest();
    context = await newVisitorContext(browser, baseURL);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'chat_', await redeemCode(100));

    // The launcher's AI对话 tile leads to the page.
    await page.getByRole('menuitem', { name: toolsLabels.navLabel }).click();
    await page.getByRole('link', { name: chatLabels.tile.name }).click();
    await page.waitForURL(/#\/store\/aiChat$/);
    await page.getByText(chatLabels.welcome).waitFor();
    await settledScreenshot(page, 'chat-empty');

    // A blank question is refused on the page.
    await input().fill('   ');
    await input().press('Enter');
    await toast(page, chatMessages.contentRequired).waitFor();

    // Ask: the input is disabled while the answer is typed out character by character.
    await ask(e2eChat.shortQuestion);
    const typing = lengthsWhileTyping(e2eChat.shortAnswer.length);
    await eventually(() => input().isDisabled(), 5000).toBe(true);
    const lengths = await typing;
    expect(lengths.filter((n) => n > 0 && n < e2eChat.shortAnswer.length).length).toBeGreaterThan(5);
    await eventually(() => lastAnswer().textContent()).toBe(e2eChat.shortAnswer);
    await eventually(() => input().isDisabled()).toBe(false);
    await page.getByRole('listitem', { name: e2eChat.shortQuestion }).waitFor();

    // Copy.
    await actionOf(lastAnswer(), chatLabels.copy).click();
    await toast(page, chatLabels.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(e2eChat.shortAnswer);

    // Stop a long answer part-way: it stays short of the whole, is kept, and marked stopped.
    await ask(e2eChat.longQuestion);
    await eventually(() => answers().count()).toBe(2);
    await eventually(async () => ((await lastAnswer().textContent()) ?? '').length, 15_000).toBeGreaterThan(10);
    await screenshot(page, 'chat-streaming');
    await actionOf(lastAnswer(), chatLabels.stop).click();
    await page.getByText(chatLabels.stopped.trim()).waitFor();
    const kept = (await lastAnswer().textContent()) ?? '';
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(e2eChat.longAnswer.length);
    await eventually(() => input().isDisabled()).toBe(false);

    // Deep thinking: the r1 reasoning shows in its own block above the answer.
    await page.getByRole('switch', { name: chatLabels.deepThink }).click();
    await ask(e2eChat.deepQuestion);
    await eventually(() => page.getByTestId('reasoning').last().textContent()).toBe(e2eChat.reasoning);
    await eventually(() => lastAnswer().textContent()).toBe(e2eChat.deepAnswer);
    await eventually(() => input().isDisabled()).toBe(false);
    await page.getByText(chatLabels.reasoning).last().waitFor();
    await eventually(() => actionOf(lastAnswer(), chatLabels.goCreate).isEnabled()).toBe(true);
    await settledScreenshot(page, 'chat-reasoning');

    // Save the answer as a text material.
    await actionOf(lastAnswer(), chatLabels.saveMaterial).click();
    await toast(page, chatMessages.materialSaved).waitFor();
    const saved = await apiData(baseURL, listTextMaterials, { page: 1, limit: 20 }, token);
    expect(saved.list.map((m) => m.text)).toEqual([e2eChat.deepAnswer]);

    // 10 points per question: three questions asked.
    await page.getByText('70 积分', { exact: true }).first().waitFor();

    // Go create: the studio opens with the answer as its script.
    await actionOf(lastAnswer(), chatLabels.goCreate).click();
    await page.waitForURL(/#\/create\?type=fk$/);
    await page.waitForFunction(
      (text) => Array.from(document.querySelectorAll('textarea')).some((t) => t.value.includes(text)),
      e2eChat.deepAnswer,
    );

    // Back after a reload: the conversation is reopened from history.
    await page.goto('/#/store/aiChat');
    await page.reload();
    await page.getByRole('button', { name: new RegExp(chatLabels.newChat) }).click();
    await page.getByText(chatLabels.welcome).waitFor();
    await page.getByRole('listitem', { name: e2eChat.shortQuestion }).click();
    await eventually(() => answers().count()).toBe(3);
    expect(await answers().first().textContent()).toBe(e2eChat.shortAnswer);
    await settledScreenshot(page, 'chat-history');

    // Delete it.
    await page.getByRole('button', { name: `删除 ${e2eChat.shortQuestion}` }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(page, chatMessages.deleted).waitFor();
    await page.getByText(chatLabels.noHistory).waitFor();
    await page.getByText(chatLabels.welcome).waitFor();

    // On a phone the history sits above the conversation.
    await page.setViewportSize({ width: 390, height: 844 });
    await settledScreenshot(page, 'chat-phone');
  }, 240_000);
});
