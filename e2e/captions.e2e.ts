import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_PRESETS,
  listAvatars,
  listVoices,
  saveWork,
  studioMessages,
  type Avatar,
  type Work,
} from '@app/contract';
import { apiData, waitWorkDone } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { mediaTempDir } from './support/media';
import { cardAction, redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { captionsText } from '../apps/web/src/components/captions/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { worksMessages } from '../apps/web/src/features/works/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });
const script = '大家好，欢迎来到直播间。今天介绍一款新产品！';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;

beforeAll(() => {
  appUnderTest();
  media = mediaTempDir();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** One frame's luma at `seconds`, scaled to 180 × 320. */
function lumaAt(file: string, seconds: number): Buffer {
  const r = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(seconds),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=180:320',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ]);
  return r.stdout;
}

const waitDone = (token: string, name: string) => waitWorkDone(appUnderTest().baseURL, token, name, 300_000);

describe('captions journey', () => {
  it('turns captions on with a preset, submits, and the video shows them in the caption band only', async () => {
    const { baseURL } = appUnderTest();
    browser = await connectBrowser();
    context = await newVisitorContext(browser, baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'cap_', await redeemCode(100_000));
    // The demo actors are seeded in the background on a first start.
    let avatar: Avatar | undefined;
    await eventually(async () => {
      const avatars = await apiData(baseURL, listAvatars, { source: '2', limit: 0 }, token);
      avatar = [...avatars.slist, ...avatars.list].find((a) => a.status !== 1);
      return !!avatar;
    }, 180_000).toBe(true);
    if (!avatar) throw new Error('no public avatar');
    const voices = await apiData(baseURL, listVoices, { source: '2', page: 1, limit: 0 }, token);
    const voice = voices.list[0];
    if (!voice) throw new Error('no public voice');

    await page.goto(`/#/create?id=${avatar.id}&hs=${avatar.hs ?? 2}`);
    await page.getByRole('button', { name: commonLabels.renameWork }).click();
    const nameBox = page.getByRole('textbox').first();
    await nameBox.fill('字幕视频');
    await nameBox.press('Enter');
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    await page.getByRole('radio', { name: voice.name }).first().click();
    await page.getByRole('textbox', { name: studioText.scriptLabel }).fill(script);
    await page.getByRole('switch', { name: captionsText.toggle }).click();
    await page.getByText(CAPTION_PRESETS.yellow.name).click();
    const preview = page.getByTestId('captions-preview');
    await preview.getByText('大家好').waitFor();
    await screenshot(page, 'captions-panel');
    await page.getByRole('button', { name: studioText.synthesize }).click();
    const channels = page.getByRole('dialog', { name: studioText.channelTitle });
    await channels.getByRole('radio').first().click();
    const done = page.getByRole('dialog').filter({ hasText: studioMessages.submitDone });
    await done.getByRole('button', { name: studioText.toWorks }).click();
    await page.waitForURL(/#\/works/);
    const captioned = await waitDone(token, '字幕视频');
    expect(captioned.captions).toBe(1);

    // The same work without captions, for the frame comparison.
    const plain = await apiData(
      baseURL,
      saveWork,
      { name: '对照视频', api: captioned.api_key as 'local', video_id: avatar.id, voice_id: voice.id, text: script },
      token,
    );
    expect(plain.id).toBeGreaterThan(0);
    const bare = await waitDone(token, '对照视频');

    // 下载字幕 from the works list.
    await page.reload();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await cardAction(page, '字幕视频', worksMessages.downloadCaptions);
    const srt = path.join(media, 'captions.srt');
    await (await downloading).saveAs(srt);
    const text = spawnSync('cat', [srt], { encoding: 'utf8' }).stdout;
    expect(text).toContain('大家好，欢迎来到直播间');
    const firstEnd = /--> 00:00:(\d\d,\d\d\d)/.exec(text)?.[1] ?? '01,000';
    const at = Number(firstEnd.replace(',', '.')) / 2;

    const get = async (w: Work, file: string) => {
      const r = await fetch(new URL(w.url, baseURL));
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, Buffer.from(await r.arrayBuffer()));
      return file;
    };
    const a = lumaAt(await get(captioned, path.join(media, 'a.mp4')), at);
    const b = lumaAt(await get(bare, path.join(media, 'b.mp4')), at);
    expect(a.length).toBe(180 * 320);
    let band = 0;
    let elsewhere = 0;
    for (let i = 0; i < a.length; i++) {
      if (Math.abs(a[i]! - b[i]!) <= 60) continue;
      const row = Math.floor(i / 180);
      if (row >= 320 * 0.6 && row < 320 * 0.96) band++;
      else elsewhere++;
    }
    expect(band).toBeGreaterThan(100);
    expect(elsewhere).toBeLessThan(20);
  }, 900_000);
});
