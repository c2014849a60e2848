import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_SCREENS,
  listAvatars,
  listVoices,
  saveWork,
  studioMessages,
  type Avatar,
  type Work,
} from '@app/contract';
import { apiData, waitWorkDone } from './support/studio-api';
import { connectBrowser, newVisitorContext, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { makeGreenScreenVideo, mediaTempDir } from './support/media';
import { cloneAvatarOnPage, redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { backdropText, musicText } from '../apps/web/src/components/backdrop/messages';
import { avatarsMessages } from '../apps/web/src/features/avatars/messages';
import { multiplesText } from '../apps/web/src/features/multiples/messages';
import { studioText } from '../apps/web/src/features/studio/messages';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });
const script = '大家好，欢迎来到直播间。今天介绍一款新产品，轻便耐用，价格实惠。';
const avatarName = '绿幕分身';
const workName = '换背景视频';
const controlName = '原背景对照';
/** The backdrop chosen in the studio, and the music's tone (far above most of the speech's energy). */
const backdrop = { hex: '#1664ff', rgb: [0x16, 0x64, 0xff] };
const TONE_HZ = 5000;
const shots = '/tmp/shots-finish';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let media: string;

beforeAll(() => {
  appUnderTest();
  media = mediaTempDir();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (media) rmSync(media, { recursive: true, force: true });
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args]);

/** The music: a high tone of `seconds` as M4A, so its band can be told from the voice's. */
function makeMusic(seconds: number): string {
  const file = path.join(media, 'music.m4a');
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ}:sample_rate=44100:duration=${seconds}`, '-c:a', 'aac', file]);
  return file;
}

/** The mean RGB of the 8 × 8 pixels at the top-left corner of the frame at `seconds`. */
function cornerColour(file: string, seconds: number): number[] {
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(seconds),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'crop=8:8:4:4',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < raw.length; i += 3) sum += raw[i]!;
    return sum / (raw.length / 3);
  });
}

/** Loudness (dBFS) of the audio in a narrow band round the music's tone, a quarter-second window after another. */
function toneBandLevels(file: string): number[] {
  const band = `bandpass=f=${TONE_HZ}:width_type=h:w=200`;
  const log = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-af',
      `${band},${band},astats=metadata=1:reset=12,ametadata=print:key=lavfi.astats.Overall.RMS_level`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  ).stderr;
  return [...log.matchAll(/RMS_level=(-?[\d.]+|-inf)/g)].map((m) => (m[1] === '-inf' ? -120 : Number(m[1])));
}

const waitDone = (token: string, name: string) => waitWorkDone(appUnderTest().baseURL, token, name, 400_000);

async function download(w: Work, name: string): Promise<string> {
  const r = await fetch(new URL(w.url, appUnderTest().baseURL));
  const file = path.join(media, name);
  writeFileSync(file, Buffer.from(await r.arrayBuffer()));
  return file;
}

/** Opens scene 1's avatar picker in the composer and double-clicks `name` on the tab `tab`. */
async function pickSceneAvatar(tab: string, name?: string) {
  const t = multiplesText;
  await page.getByRole('button', { name: `${t.scene(1)}${t.avatar}${t.changeAvatar}` }).click();
  const dialog = page.getByRole('dialog', { name: t.avatarDialog });
  await dialog.getByRole('tab', { name: tab }).click();
  const groups = dialog.getByRole('tabpanel').getByRole('group');
  const card = name ? groups.filter({ hasText: name }).first() : groups.first();
  await card.dblclick();
  await dialog.waitFor({ state: 'hidden' });
}

/** The studio with its panels, as a desk and as a phone shows it. */
async function shootStudio(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('backdrop and music journey', () => {
  it('a green-screen avatar gets a colour backdrop and music; a demo actor without a screen is previewed cut out', async () => {
    const { baseURL } = appUnderTest();
    const clip = makeGreenScreenVideo(media, 12);
    const music = makeMusic(8);
    browser = await connectBrowser();
    context = await newVisitorContext(browser, baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'fin_', await redeemCode(100_000));

    // Preparation finds the screen; the avatar page says backdrops can be changed.
    await cloneAvatarOnPage(page, avatarName, clip, 240_000);
    const card = page.getByRole('group', { name: avatarName });
    await card.getByText(avatarsMessages.screenTag(AVATAR_SCREENS.green)).waitFor();
    await page.screenshot({ path: path.join(shots, 'avatar-tag-1440.png') });
    const own = (await apiData(baseURL, listAvatars, { source: '1', limit: 0 }, token)).list.find(
      (a) => a.name === avatarName,
    );
    expect(own?.screen).toBe('green');

    // A demo actor was not recorded on a screen: its person is matted, said at once, and previewed cut out.
    let actor: Avatar | undefined;
    await eventually(async () => {
      const avatars = await apiData(baseURL, listAvatars, { source: '2', limit: 0 }, token);
      actor = [...avatars.slist, ...avatars.list].find((a) => a.status !== 1 && !a.screen);
      return !!actor;
    }, 180_000).toBe(true);
    await page.goto(`/#/create?id=${actor!.id}&hs=${actor!.hs ?? 2}`);
    const panel = page.getByTestId('backdrop-panel');
    await panel.getByText(backdropText.matted).waitFor();
    await panel.getByText(backdropText.color, { exact: true }).click();
    await panel.getByRole('button', { name: backdropText.swatch(backdrop.hex) }).click();
    const cutout = panel.getByTestId('backdrop-preview').getByTestId('backdrop-presenter');
    await cutout.waitFor();
    expect(actor!.cutout).toMatch(/cutout\.png/);
    // The cut-out cover (a transparent PNG made at preparation) stands on the colour.
    await eventually(() => cutout.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await cutout.getAttribute('src')).toBe(actor!.cutout);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'studio-matted-1440.png') });

    // The green-screen avatar: a colour, the presenter a little smaller, and music at its default level.
    const voices = await apiData(baseURL, listVoices, { source: '2', page: 1, limit: 0 }, token);
    const voice = voices.list[0];
    if (!voice) throw new Error('no public voice');
    await page.goto(`/#/create?id=${own!.id}&hs=${own!.hs ?? 2}`);
    await page.getByRole('button', { name: commonLabels.renameWork }).click();
    const nameBox = page.getByRole('textbox').first();
    await nameBox.fill(workName);
    await nameBox.press('Enter');
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    await page.getByRole('radio', { name: voice.name }).first().click();
    await page.getByRole('textbox', { name: studioText.scriptLabel }).fill(script);

    await panel.getByText(backdropText.screenFound(AVATAR_SCREENS.green)).waitFor();
    await panel.getByText(backdropText.color, { exact: true }).click();
    await panel.getByRole('button', { name: backdropText.swatch(backdrop.hex) }).click();
    const preview = panel.getByTestId('backdrop-preview');
    await preview.waitFor();
    // The preview's corner is the backdrop, and the presenter is keyed: its canvas has see-through pixels.
    const keyed = await preview.getByTestId('backdrop-presenter').evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let clear = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] === 0) clear++;
      return c.width > 0 ? clear / (data.length / 4) : 0;
    });
    expect(keyed).toBeGreaterThan(0.3);

    const musicPanel = page.getByTestId('music-panel');
    await musicPanel.getByRole('switch', { name: musicText.toggle }).click();
    await musicPanel.locator('input[type=file]').setInputFiles(music);
    await musicPanel.getByText('music.m4a').first().waitFor({ timeout: 60_000 });
    await musicPanel.getByRole('button', { name: musicText.audition }).waitFor();
    await shootStudio('studio-panels');

    await page.getByRole('button', { name: studioText.synthesize }).click();
    const channels = page.getByRole('dialog', { name: studioText.channelTitle });
    await channels.getByRole('radio').first().click();
    const done = page.getByRole('dialog').filter({ hasText: studioMessages.submitDone });
    await done.getByRole('button', { name: studioText.toWorks }).click();
    await page.waitForURL(/#\/works/);

    // The composer: one backdrop behind every scene, a demo actor's (matted) as well as the screen avatar's.
    await page.goto('/#/multiples');
    await pickSceneAvatar(multiplesText.myAvatars, avatarName);
    await panel.getByText(backdropText.screenFound(AVATAR_SCREENS.green)).waitFor();
    await panel.getByText(backdropText.color, { exact: true }).click();
    await panel.getByTestId('backdrop-preview').waitFor();
    await page.getByTestId('music-panel').waitFor();
    await page.screenshot({ path: path.join(shots, 'composer-panels-1440.png'), fullPage: true });
    await pickSceneAvatar(multiplesText.publicAvatars);
    expect(await panel.getByRole('radio', { name: backdropText.color }).isDisabled()).toBe(false);
    await panel.getByTestId('backdrop-preview').waitFor();

    // The same words on the original green, without music, to compare the music's band with.
    const work = await waitDone(token, workName);
    await apiData(
      baseURL,
      saveWork,
      { name: controlName, api: work.api_key as 'local', video_id: own!.id, voice_id: voice.id, text: script },
      token,
    );
    const control = await waitDone(token, controlName);

    const finished = await download(work, 'finished.mp4');
    const plain = await download(control, 'plain.mp4');
    const at = Math.min(1, work.duration / 2);
    const corner = cornerColour(finished, at);
    corner.forEach((v, i) => expect(Math.abs(v - backdrop.rgb[i]!)).toBeLessThan(24));
    const green = cornerColour(plain, at);
    expect(green[1]).toBeGreaterThan(green[0]! + 80);
    // The music is under the voice: where the same words alone are quiet in its band (the pauses), the
    // finished work is well above them (the music, ducked only while someone speaks).
    const withMusic = toneBandLevels(finished);
    const pauses = toneBandLevels(plain)
      .map((level, i) => ({ level, rise: (withMusic[i] ?? -120) - level }))
      .filter((w) => w.level < -70)
      .map((w) => w.rise)
      .sort((a, b) => a - b);
    expect(pauses.length).toBeGreaterThan(2);
    expect(pauses[Math.floor(pauses.length / 2)]).toBeGreaterThan(10);
  }, 1_200_000);
});
