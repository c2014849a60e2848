import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, studioMessages } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { inspectMedia, mediaTempDir } from './support/media';
import { cardAction, cloneAvatarOnPage, redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { avatarsMessages } from '../apps/web/src/features/avatars/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { avatarMessages } from '../apps/server/src/engines/avatar/messages';
import { decodeSpeech, frameRms } from '../apps/server/src/engines/talking-face/speech';
import { measureFaces, pearson } from '../apps/server/src/engines/talking-face/testing/media';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });
const script = '大家好，欢迎来到直播间。今天给大家介绍一款新产品，它的设计非常简洁，请点个关注吧。';
const avatarName = '口型分身';
const workName = '口型视频';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;

beforeAll(async () => {
  appUnderTest();
  browser = await connectBrowser();
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

/**
 * A filmed-person-like avatar clip: a portrait crop around the one face (closed lips) of a sample photo
 * the npm package @vladmandic/face-api ships, drifting a few pixels as a person on camera does, with a
 * quiet room tone; 12 s at 480×854, 25 fps, H.264 + AAC.
 */
function makeFaceVideo(dir: string): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  const file = path.join(dir, 'face.mp4');
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error',
    '-loop', '1', '-framerate', '25', '-i', path.join(path.dirname(pkg), 'demo', 'sample1.jpg'),
    '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.01:sample_rate=44100',
    '-vf', `crop=378:672:x='304+9*sin(2*PI*t/6)':y='218+6*sin(4*PI*t/6)',scale=480:854,format=yuv420p`,
    '-t', '12', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac', '-shortest',
    '-movflags', '+faststart', file,
  ]);
  return file;
}

/** Eight frames of `file` spread over its length side by side (e2e/screenshots/<name>.png), to look at the mouth. */
function frameStrip(file: string, duration: number, name: string): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${name}.png`);
  const every = Math.max(1, Math.floor((duration * 25) / 8));
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error', '-i', file,
    '-vf', `select='not(mod(n\\,${every}))',scale=240:-2,tile=8x1`, '-frames:v', '1', out,
  ]);
  return out;
}

async function createOnLipsyncChannel() {
  await page.goto('/#/profile');
  await cardAction(page, avatarName, avatarsMessages.premiumCreate);
  await page.waitForURL(/#\/create\?id=\d+/);
  await page.locator(`video[aria-label="${avatarName}"]`).waitFor();
  await page.getByRole('button', { name: commonLabels.renameWork }).click();
  const nameBox = page.getByRole('textbox').first();
  await nameBox.fill(workName);
  await nameBox.press('Enter');
  // The offline speech engine's public voice: its phoneme timings shape the mouth.
  await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
  await page
    .getByRole('radio', { name: /离线合成/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: studioText.scriptLabel }).fill(script);
  await page.getByRole('button', { name: studioText.synthesize }).click();
  const channels = page.getByRole('dialog', { name: studioText.channelTitle });
  const lipsync = channels.getByRole('radio').filter({ hasText: avatarMessages.lipsyncChannelName });
  await lipsync.waitFor();
  await lipsync.getByText(/积分\/秒/).waitFor();
  await screenshot(page, 'lipsync-channel-dialog');
  await lipsync.click();
  const done = page.getByRole('dialog').filter({ hasText: studioMessages.submitDone });
  await done.getByRole('button', { name: studioText.toWorks }).click();
  await page.waitForURL(/#\/works/);
}

async function playAndDownload(): Promise<string> {
  const card = page.getByRole('group', { name: workName });
  await card.waitFor();
  await eventually(() => card.getByText(/排队中|生成中/).count(), 300_000).toBe(0);
  expect(await card.getByText(/生成失败/).count()).toBe(0);
  await cardAction(page, workName, commonLabels.play);
  const player = page.getByRole('dialog', { name: workName });
  const video = player.locator('video');
  await eventually(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 0)).toBe(true);
  // Half a second in: the mouth is mid-word.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = 0.5;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
  });
  await screenshot(page, 'lipsync-player');
  await player.getByRole('button', { name: /close|关闭/i }).click();
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await cardAction(page, workName, commonLabels.download);
  const download = await downloading;
  const file = path.join(media, 'lipsync.mp4');
  await download.saveAs(file);
  await page.getByText(studioMessages.downloadDone).first().waitFor();
  return file;
}

describe('lip-sync channel journey', () => {
  it('clones an avatar, makes a work on 本地合成 2.0（口型）, plays and downloads it; the lips follow the speech', async () => {
    const video = makeFaceVideo(media);
    context = await newVisitorContext(browser, appUnderTest().baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'e2e_ls_', await redeemCode(100_000));

    await cloneAvatarOnPage(page, avatarName, video, 240_000);
    await createOnLipsyncChannel();
    const file = await playAndDownload();
    await screenshot(page, 'lipsync-works');

    const { list } = await apiData(appUnderTest().baseURL, listWorks, { name: workName, limit: 0 }, token);
    const work = list.find((w) => w.name === workName);
    expect(work).toMatchObject({ status: 3, api_key: 'lipsync' });
    const report = inspectMedia(file);
    expect(report).toMatchObject({ videoStreams: 1, audioStreams: 1 });
    expect(report.meanVolume).toBeGreaterThan(-45);
    frameStrip(file, report.duration, 'lipsync-strip');

    // The lip test of the offline talking faces: the mouth opens with the speech, frame by frame.
    const [width, height] = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim()
      .split(',')
      .map(Number);
    const measured = await measureFaces(file, width!, height!);
    expect(measured.filter((m) => m.landmarks).length).toBeGreaterThan(measured.length * 0.9);
    const rms = frameRms(await decodeSpeech(file), 25, measured.length);
    expect(
      pearson(
        measured.map((m) => m.opening),
        rms,
      ),
    ).toBeGreaterThanOrEqual(0.5);
  });
});
