import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, getAudition, listAvatars, listWorks, startAudition, studioMessages } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { inspectMedia, makeToneM4a, makeVoiceRecording, mediaTempDir } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { multiplesText as t } from '../apps/web/src/features/multiples/messages';
import { worksMessages } from '../apps/web/src/features/works/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });
const OK = /^确\s?定$/;
const workName = '三场景作品';
const audioWorkName = '多场景音频作品';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let media: string;
let token: string;

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

const scene = (n: number) => page.locator(`[aria-label="${t.scene(n)}"]`);
const settled = () =>
  eventually(() => page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear').count()).toBe(0);

/** Opens a scene's avatar picker and double-clicks the first avatar of the public tab in `orientation`. */
async function pickAvatar(n: number, orientation: string, shot?: string) {
  await page.getByRole('button', { name: `${t.scene(n)}${t.avatar}${t.changeAvatar}` }).click();
  const dialog = page.getByRole('dialog', { name: t.avatarDialog });
  await dialog.getByText(orientation, { exact: true }).click();
  const first = dialog.getByRole('tabpanel').getByRole('group').first();
  await first.waitFor().catch(async (e: unknown) => {
    await screenshot(page, 'multiples-avatar-picker-failed');
    throw e;
  });
  await settled();
  if (shot) await screenshot(page, shot);
  await first.dblclick();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens a scene's voice picker and confirms the `index`-th public voice. */
async function pickVoice(n: number, index: number) {
  await page.getByRole('button', { name: `${t.scene(n)}${t.voice}${t.changeVoice}` }).click();
  const dialog = page.getByRole('dialog', { name: t.voiceDialog });
  await dialog.getByRole('radio').nth(index).click();
  await dialog.getByRole('button', { name: OK }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Silences (start, end) of at least `min` seconds, as ffmpeg's silencedetect reports them. */
function silences(file: string, min: number): [number, number][] {
  const log = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-i', file, '-af', `silencedetect=n=-45dB:d=${min}`, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  ).stderr;
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((s, i) => [s, ends[i] ?? Infinity]);
}

function blackFrames(file: string): number {
  const log = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-i', file, '-vf', 'blackdetect=d=0.04:pix_th=0.10', '-an', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  ).stderr;
  return [...log.matchAll(/black_start/g)].length;
}

describe('multi-scene composer journey', () => {
  it('builds three scenes (two text with different avatars and voices, one audio), submits, and gets one seamless merged video', async () => {
    const tone = makeToneM4a(media, 'tone.m4a', 6);
    context = await newVisitorContext(browser, appUnderTest().baseURL);
    page = await context.newPage();
    const problems = watchPage(page);
    token = await registerWithCode(page, 'e2e_ms_', await redeemCode(100_000));

    // The demo actors are prepared in the background on a first start: wait for a ready portrait and landscape one.
    await eventually(async () => {
      const { list } = await apiData(appUnderTest().baseURL, listAvatars, { source: '2', limit: '0' }, token);
      return new Set(list.filter((a) => a.status === 2).map((a) => a.hs)).size;
    }, 300_000).toBe(2);
    await page.goto('/#/multiples');
    await scene(1).waitFor();
    await expect.poll(() => page.getByText('页面不存在').count()).toBe(0);
    await screenshot(page, 'multiples-empty');

    // Validation in the spec's words: an empty text scene, an audio scene without audio, one voice for all scenes.
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.textRequired).first().waitFor();
    await screenshot(page, 'multiples-error-text');
    await page.getByRole('button', { name: t.addAudioScene }).click();
    await scene(1).getByRole('textbox').first().fill('大家好，欢迎来到我们的直播间。今天给大家介绍一款新产品。');
    await pickAvatar(1, t.portrait, 'multiples-avatar-picker');
    await pickVoice(1, 0);
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.audioRequired).first().waitFor();
    await screenshot(page, 'multiples-error-audio');
    await page.getByRole('button', { name: `${t.scene(2)}${t.voice}${t.changeVoice}` }).click();
    const voices = page.getByRole('dialog', { name: t.voiceDialog });
    await voices.getByRole('radio').first().waitFor();
    await voices.getByRole('checkbox', { name: t.allScenes }).check();
    await voices.getByRole('button', { name: OK }).click();
    await page.getByText(t.allScenesVoice).first().waitFor();
    await settled();
    await screenshot(page, 'multiples-voice-picker');
    await voices.getByRole('button', { name: /取\s?消/ }).click();
    await scene(2).getByRole('button', { name: t.deleteScene }).click();

    // Scene 2: text, a landscape avatar and another voice; scene 3: the uploaded recording.
    await page.getByRole('button', { name: t.addTextScene }).click();
    await scene(2).getByRole('textbox').first().fill('第二个场景，换一个横屏数字人和另一个声音来讲。');
    await scene(2).getByRole('button', { name: '0.5秒' }).click();
    await pickAvatar(2, t.landscape);
    await pickVoice(2, 1);
    await page.getByRole('button', { name: t.addAudioScene }).click();
    // The side uploader keeps up to three recordings; the one chosen drives the scene.
    // The recordings' radios (the scene's text/audio switch is made of radios too).
    const recordings = scene(3).getByRole('radio', { name: /秒）$/ });
    for (const [n, file] of [
      tone,
      makeToneM4a(media, 'tone-7s.m4a', 7),
      makeToneM4a(media, 'tone-8s.m4a', 8),
    ].entries()) {
      await scene(3).locator('input[type=file]').setInputFiles(file);
      await eventually(() => recordings.count(), 60_000).toBe(n + 1);
    }
    await page.getByText(filesMessages.uploaded).first().waitFor();
    await scene(3).getByText(t.uploadsFull(3)).waitFor();
    expect(await scene(3).locator('input[type=file]').count()).toBe(0);
    await expect.poll(() => recordings.nth(2).isChecked()).toBe(true);
    await scene(3)
      .getByRole('button', { name: t.removeRecording('tone-8s.m4a') })
      .click();
    await recordings.first().check();
    await expect.poll(() => recordings.count()).toBe(2);
    await scene(3).locator('input[type=file]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: t.defaultWorkName }).click();
    const title = page.locator('.ant-typography-edit-content textarea');
    await title.fill(workName);
    await title.press('Enter');
    await page.getByRole('heading', { name: workName }).waitFor();
    await screenshot(page, 'multiples-three-scenes');

    await page.getByRole('button', { name: t.submit }).click();
    const done = page.getByRole('dialog').filter({ hasText: t.submitDone });
    await done.getByRole('button', { name: t.toWorks }).click();
    await page.waitForURL(/#\/works\?type1=1/);
    await page.getByText(worksMessages.multiVideos).first().waitFor();

    // In progress, then done; played and downloaded from the 多场景视频 list.
    const card = page.getByRole('group', { name: workName, exact: true });
    await card.waitFor();
    await card.getByText(/排队中|生成中/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'multiples-works-progress');
    await eventually(() => card.getByText(/排队中|生成中/).count(), 300_000).toBe(0);
    expect(await card.getByText(/生成失败/).count()).toBe(0);
    await card.hover();
    await card.getByRole('button', { name: commonLabels.play }).click();
    const player = page.getByRole('dialog', { name: workName });
    await eventually(() =>
      player.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 0),
    ).toBe(true);
    await screenshot(page, 'multiples-player');
    await player.getByRole('button', { name: /close|关闭/i }).click();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await card.hover();
    await card.getByRole('button', { name: commonLabels.download }).click();
    const file = path.join(media, 'merged.mp4');
    await (await downloading).saveAs(file);
    await page.getByText(studioMessages.downloadDone).first().waitFor();
    await screenshot(page, 'multiples-works-done');

    // One video and one audio stream; as long as the three scene clips together; no gap and no black at the joins.
    const { list } = await apiData(
      appUnderTest().baseURL,
      listWorks,
      { is_multi: '1', only_audio: '0', limit: '0' },
      token,
    );
    const clips = [1, 2, 3].map((n) => list.find((w) => w.name === `${workName}·场景${n}`));
    expect(clips.every((c) => c?.status === 3)).toBe(true);
    const report = inspectMedia(file);
    expect(report).toMatchObject({ videoStreams: 1, audioStreams: 1 });
    const sum = clips.reduce((s, c) => s + (c?.duration ?? 0), 0);
    expect(Math.abs(report.duration - sum)).toBeLessThan(0.2);
    const joins = [clips[0]!.duration, clips[0]!.duration + clips[1]!.duration];
    const gaps = silences(file, 0.3).filter(([s, e]) => joins.some((j) => s <= j + 0.05 && e >= j - 0.05));
    expect(gaps).toEqual([]);
    expect(blackFrames(file)).toBe(0);
    expect(problems).toEqual([]);
    // A first start prepares the demo actors (minutes on a loaded machine) before the journey itself.
  }, 900_000);

  it('outputs audio only: one merged sound under 多场景音频, played, downloaded, as long as its scenes and not silent', async () => {
    const recording = makeVoiceRecording(media);
    const recorded = inspectMedia(recording).duration;
    const problems = watchPage(page);
    // A fresh composer (the first journey left this page at the works list, or here if it stopped early).
    await page.goto('/#/multiples');
    await page.reload();
    await scene(1).waitFor();
    await page.getByRole('radio', { name: t.outputAudio }).check();
    await expect
      .poll(() => page.getByRole('button', { name: `${t.scene(1)}${t.avatar}${t.changeAvatar}` }).count())
      .toBe(0);
    await scene(1).getByRole('textbox').first().fill('这是一个只输出音频的多场景作品。');
    await scene(1).getByRole('button', { name: '0.5秒' }).click();
    await pickVoice(1, 0);

    // The scene's trial listen is the studio's: the stored text with its pause tag, in the voice with its sliders.
    const asked = page.waitForRequest((r) => r.url().includes('/api/user/audition') && r.method() === 'POST');
    await scene(1)
      .getByRole('button', { name: /试\s?听/ })
      .click();
    const sent = new URLSearchParams((await asked).postData() ?? '');
    expect(sent.get('text')).toMatch(/<break time="0\.5s"\/>/);
    expect(['rate', 'volume', 'pitch'].every((k) => Number(sent.get(k)) > 0)).toBe(true);
    await scene(1).getByRole('button', { name: '停止试听' }).waitFor({ timeout: 60_000 });
    await scene(1).getByRole('button', { name: '停止试听' }).click();
    // The same synthesis through the API gives the scene's speech length.
    const { job_id } = await apiData(
      appUnderTest().baseURL,
      startAudition,
      {
        voice_id: Number(sent.get('voice_id')),
        text: sent.get('text') ?? '',
        rate: Number(sent.get('rate')),
        volume: Number(sent.get('volume')),
        pitch: Number(sent.get('pitch')),
      },
      token,
    );
    let spoken = 0;
    await eventually(async () => {
      const job = await apiData(appUnderTest().baseURL, getAudition, { job_id }, token);
      spoken = job.duration;
      return job.status;
    }, 60_000).toBe(3);

    await page.getByRole('button', { name: t.addAudioScene }).click();
    await scene(2).locator('input[type=file]').setInputFiles(recording);
    await eventually(() => scene(2).getByRole('radio', { name: /秒）$/ }).count(), 60_000).toBe(1);
    await page.getByRole('heading', { name: t.defaultWorkName }).click();
    const title = page.locator('.ant-typography-edit-content textarea');
    await title.fill(audioWorkName);
    await title.press('Enter');
    await screenshot(page, 'multiples-audio-only');
    await page.getByRole('button', { name: t.submit }).click();
    const done = page.getByRole('dialog').filter({ hasText: t.submitDone });
    await done.getByRole('button', { name: t.toWorks }).click();
    await page.waitForURL(/#\/works\?type1=1/);
    await page.getByRole('tab', { name: new RegExp(worksMessages.multiAudios) }).click();
    const card = page.getByRole('group', { name: audioWorkName, exact: true });
    await card.waitFor();
    await eventually(() => card.getByText(/排队中|生成中/).count(), 300_000).toBe(0);
    expect(await card.getByText(/生成失败/).count()).toBe(0);
    await card.hover();
    await card.getByRole('button', { name: commonLabels.play }).click();
    const player = page.getByRole('dialog', { name: audioWorkName });
    await eventually(() =>
      player
        .locator('video, audio')
        .first()
        .evaluate((v: HTMLMediaElement) => v.readyState >= 2 && v.duration > 0),
    ).toBe(true);
    await screenshot(page, 'multiples-audio-player');
    await player.getByRole('button', { name: /close|关闭/i }).click();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await card.hover();
    await card.getByRole('button', { name: commonLabels.download }).click();
    const file = path.join(media, 'merged.m4a');
    await (await downloading).saveAs(file);
    await screenshot(page, 'multiples-audio-works');

    // One audio stream and no picture; the speech (edges trimmed to 0.08 s) plus the recording; sound, not silence.
    const report = inspectMedia(file);
    expect(report).toMatchObject({ videoStreams: 0, audioStreams: 1 });
    expect(Math.abs(report.duration - (spoken + recorded))).toBeLessThan(0.8);
    expect(report.meanVolume).toBeGreaterThan(-40);
    expect(silences(file, 1.5)).toEqual([]);
    const { list } = await apiData(
      appUnderTest().baseURL,
      listWorks,
      { is_multi: '1', only_audio: '1', limit: '0' },
      token,
    );
    expect(list.filter((w) => w.name.startsWith(audioWorkName)).map((w) => w.name)).toEqual([audioWorkName]);
    expect(problems).toEqual([]);
  }, 600_000);
});
