import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCredits, listAvatars, liveOptions } from '@app/contract';
import { connectBrowser, newVisitorContext, settledScreenshot, watchPage, button } from './support/browser';
import { appUnderTest } from './support/context';
import { redeemCode, registerWithCode } from './support/journeys';
import { apiData } from './support/studio-api';
import { liveLabels as t } from '../apps/web/src/features/live/messages';
import { playerMessages } from '../apps/web/src/features/live/player/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 200 });

const HOURS = { questions: '营业时间是几点\n几点开门', answer: '我们每天早上九点开门，晚上九点关门。' };
const RETURNS = {
  questions: '怎么退货\n可以退货吗',
  answer:
    '收到商品七天之内可以申请退货。请先在订单页面点击申请退货。然后把商品寄回我们的仓库。仓库收到以后三天之内退款。退款会原路返回到您的账户。如果还有问题，欢迎随时问我。',
};

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

/** What the page's player did, recorded in the page from now on: each ~30 ms, the audio's state and a hash of the canvas's mouth box. */
async function startRecording(): Promise<void> {
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"]')!;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="live-canvas"]')!;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const samples: { t: number; playing: boolean; hash: number; box: string }[] = [];
    const w = window as unknown as { __liveSamples: typeof samples; __liveTimer: number };
    w.__liveSamples = samples;
    w.__liveTimer = window.setInterval(() => {
      const box = canvas.dataset.mouthBox ?? '';
      let hash = 0;
      if (box) {
        const [x, y, bw, bh] = box.split(',').map(Number) as [number, number, number, number];
        const data = ctx.getImageData(Math.max(0, x), Math.max(0, y), Math.max(1, bw), Math.max(1, bh)).data;
        for (let k = 0; k < data.length; k += 16) hash = (hash * 31 + data[k]! + data[k + 3]!) | 0;
      }
      const playing = !audio.paused && !audio.ended && !!audio.getAttribute('src');
      samples.push({ t: performance.now(), playing, hash, box });
    }, 30);
  });
}

async function stopRecording() {
  return page.evaluate(() => {
    const w = window as unknown as {
      __liveSamples: { t: number; playing: boolean; hash: number; box: string }[];
      __liveTimer: number;
    };
    clearInterval(w.__liveTimer);
    return w.__liveSamples;
  });
}

const credits = async (token: string) => (await apiData(appUnderTest().baseURL, getCredits, {}, token)).credits;

describe('live digital human journey', () => {
  it('answers two typed questions aloud with moving lips, is interrupted by a third, and charges the minutes used', async () => {
    const { baseURL } = appUnderTest();
    context = await newVisitorContext(browser, baseURL);
    await context.grantPermissions(['microphone'], { origin: baseURL });
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'live_', await redeemCode(300));
    // The demo actors are prepared in the background on a first start: 林溪 is the public actor used here.
    await eventually(async () => {
      const list = await apiData(baseURL, listAvatars, { source: '2', page: 1, limit: 0 }, token);
      return list.list.some((a) => a.name === '林溪' && a.status === 2);
    }, 600_000).toBe(true);

    // From the navigation.
    await page.getByRole('menuitem', { name: t.navLabel }).click();
    await page.waitForURL(/#\/live$/);
    await page.getByText(t.noConfig).waitFor();

    // The Q&A library: two entries, question variants one per line.
    await button(page, t.library).click();
    for (const qa of [HOURS, RETURNS]) {
      await button(page, t.addQa).click();
      await page.getByLabel(t.questions).fill(qa.questions);
      await page.getByLabel(t.answer, { exact: true }).fill(qa.answer);
      await page
        .getByRole('dialog', { name: t.addQa })
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByRole('group', { name: qa.questions.split('\n')[0] }).waitFor();
    }
    await page.getByRole('group', { name: '营业时间是几点' }).getByText(t.variants(2)).waitFor();
    await page.getByRole('group', { name: '怎么退货' }).waitFor();
    await page.keyboard.press('Escape');

    // A configuration: the public actor 林溪, the offline female voice, the Q&A library.
    await button(page, t.newConfig).click();
    const dialog = page.getByRole('dialog', { name: t.newConfig });
    await dialog.getByLabel(t.configName).fill('门店客服');
    await dialog.getByLabel(t.avatar).click();
    await page.locator('.ant-select-item-option', { hasText: '林溪' }).first().click();
    await dialog.getByLabel(t.voice).click();
    await page.locator('.ant-select-item-option', { hasText: '离线合成女声' }).first().click();
    await button(dialog, t.save).click();
    await page.getByRole('radio', { name: '门店客服' }).waitFor();

    // Before starting: the price per minute, the longest session and the balance.
    const options = await apiData(baseURL, liveOptions, {}, token);
    await page.getByTestId('live-price').getByText(t.pricePerMinute(options.price_per_minute)).waitFor();
    const before = await credits(token);
    await page.getByTestId('live-balance').getByText(t.balance(before)).waitFor();
    // The player loads the actor's idle loop (made at its first live use), saying so on the stage.
    await page.getByTestId('live-preparing').getByText(playerMessages.preparing).waitFor();
    const video = page.getByTestId('live-stage').locator('video');
    /** 'playing', or what the player shows instead (its message, or the video's state). */
    const playerState = () =>
      video.evaluate((v: HTMLVideoElement) => {
        if (!v.paused && v.readyState >= 2) return 'playing';
        const alert = v.parentElement?.querySelector('[role="alert"]')?.textContent ?? '';
        return (
          alert || `paused=${v.paused} ready=${v.readyState} network=${v.networkState} error=${v.error?.code ?? ''}`
        );
      });
    await eventually(() => playerState(), 200_000).toBe('playing');
    // What the stage said while the loop was being made is gone once it plays.
    await page.getByTestId('live-preparing').waitFor({ state: 'detached' });
    await settledScreenshot(page, 'live-ready');

    await button(page, t.start).click();
    await page.getByTestId('live-state').getByText(t.idle).waitFor();
    await page.getByTestId('live-elapsed').waitFor();
    const question = page.getByLabel(t.questionPlaceholder);

    // Question 1, by the Enter key: the answer's text, from the library, spoken with moving lips.
    await startRecording();
    await question.fill('请问你们几点开门？');
    await question.press('Enter');
    const answers = page.getByTestId('live-answer');
    await eventually(() => answers.first().textContent()).toBe(HOURS.answer);
    await page.getByTestId('live-turn').first().getByText(t.answerFromQa).waitFor();
    await page.getByTestId('live-state').getByText(t.speaking).waitFor();
    await page.getByTestId('live-state').getByText(t.idle).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const first = await stopRecording();
    const playing = first.filter((s) => s.playing);
    // The audio element played the answer for about as long as it is spoken (two short sentences).
    expect(playing.length * 30).toBeGreaterThan(1500);
    // While it played the mouth box kept changing...
    expect(new Set(playing.map((s) => s.hash)).size).toBeGreaterThanOrEqual(5);
    // ...and within 300 ms of the sound's end it stopped changing.
    const endedAt = playing.at(-1)!.t;
    const after = first.filter((s) => s.t > endedAt + 300);
    expect(after.length).toBeGreaterThan(20);
    expect(new Set(after.map((s) => s.hash)).size).toBe(1);
    await settledScreenshot(page, 'live-answered');

    // Question 2 by the button: a long answer; question 3 asked while it is spoken cuts it short.
    await question.fill('我想退货怎么办');
    await button(page, t.send).click();
    await page.getByTestId('live-state').getByText(t.speaking).waitFor();
    await eventually(() => answers.nth(1).textContent()).toContain('七天之内');
    await page.waitForTimeout(1000);
    // Each sentence's end also pauses the audio element: the first pause after the question counts.
    await page.evaluate((label) => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"]')!;
      const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
      const w = window as unknown as { __asked?: number; __silent?: number };
      input.addEventListener('keydown', (e) => e.key === 'Enter' && (w.__asked = performance.now()), { capture: true });
      audio.addEventListener('pause', () => {
        if (w.__asked !== undefined && w.__silent === undefined) w.__silent = performance.now();
      });
    }, t.questionPlaceholder);
    await question.fill('几点开门');
    await question.press('Enter');
    const cut = await page.evaluate(() => {
      const w = window as unknown as { __asked?: number; __silent?: number };
      return (w.__silent ?? Infinity) - (w.__asked ?? 0);
    });
    // The old answer fell silent at once.
    expect(cut).toBeGreaterThanOrEqual(0);
    expect(cut).toBeLessThan(200);
    await page.getByTestId('live-turn').nth(1).getByText(t.interrupted).waitFor();
    await eventually(() => answers.nth(2).textContent()).toBe(HOURS.answer);
    await page.getByTestId('live-state').getByText(t.idle).waitFor({ timeout: 60_000 });
    await settledScreenshot(page, 'live-interrupted');

    // By voice: held down, 按住说话 records the microphone (a fake device saying 请问你们几点开门); let go, the
    // words heard become the next question, answered aloud like a typed one.
    const mic = button(page, t.speak);
    await mic.hover();
    await page.mouse.down();
    await button(page, t.speakRelease).waitFor();
    await page.waitForTimeout(2500);
    await page.mouse.up();
    await eventually(() => page.getByTestId('live-question').count()).toBe(4);
    expect((await page.getByTestId('live-question').nth(3).textContent())?.trim()).not.toBe('');
    await eventually(() => answers.nth(3).textContent()).not.toBe('');
    await page.getByTestId('live-state').getByText(t.idle).waitFor({ timeout: 60_000 });

    // End: the minutes started are charged, no more.
    await button(page, t.end).click();
    const result = await page.getByTestId('live-result').textContent();
    const [, minutes, charged] = /共 (\d+) 分钟，扣除 (\d+) 积分/.exec(result ?? '') ?? [];
    expect(Number(minutes)).toBeGreaterThanOrEqual(1);
    expect(Number(charged)).toBe(Number(minutes) * options.price_per_minute);
    expect(await credits(token)).toBe(before - Number(charged));
    await page
      .getByTestId('live-balance')
      .getByText(t.balance(before - Number(charged)))
      .waitFor();
    await settledScreenshot(page, 'live-ended');

    // On a phone: the page stacked, the avatar and the question box on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('radio', { name: '门店客服' }).waitFor();
    await eventually(() => playerState(), 60_000).toBe('playing');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settledScreenshot(page, 'live-phone');
  }, 900_000);
});
