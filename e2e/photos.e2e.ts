import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, listWorks, photoLibraryMessages as pm, studioMessages } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, screenshot, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { inspectMedia, makePicture, makeVoiceRecording, mediaTempDir } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { commonLabels } from '../apps/web/src/lib/messages';
import { studioText } from '../apps/web/src/features/studio/messages';
import { themeMessages } from '../apps/web/src/features/theme/messages';
import { worksMessages } from '../apps/web/src/features/works/messages';
import { decodeSpeech, frameRms } from '../apps/server/src/engines/talking-face/speech';
import { measureFaces, pearson } from '../apps/server/src/engines/talking-face/testing/media';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });
const script = '大家好，我是小林。今天天气很好，欢迎大家来看我的照片说话。';
const personName = '小林';
const petName = '旺财';
const photoWork = '小林说话';
const petWork = '旺财说话';
/** antd spaces out a two-character button label (确 定). */
const OK = /^确\s?定$/;

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

/** A portrait of one face with closed lips: a crop of a sample photo the npm package @vladmandic/face-api ships. */
function makePortrait(dir: string): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  const file = path.join(dir, 'person.jpg');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(path.dirname(pkg), 'demo', 'sample1.jpg'),
    '-vf',
    'crop=378:672:304:218',
    '-q:v',
    '2',
    file,
  ]);
  return file;
}

async function cardAction(name: string, action: string | RegExp) {
  const card = page.getByRole('group', { name }).first();
  await card.hover();
  await card.getByRole('button', { name: action }).click();
}

async function renameWork(name: string) {
  await page.getByRole('button', { name: commonLabels.renameWork }).click();
  const box = page.getByRole('textbox').first();
  await box.fill(name);
  await box.press('Enter');
}

async function chooseChannel() {
  await page.getByRole('button', { name: studioText.synthesize }).click();
  const channels = page.getByRole('dialog', { name: studioText.channelTitle });
  const channel = channels.getByRole('radio').first();
  await channel.waitFor();
  await channels
    .getByText(/积分\/秒/)
    .first()
    .waitFor();
  await screenshot(page, 'photo-channel-dialog');
  await channel.click();
}

/** Waits for a work card of the open works tab to finish, plays it and downloads it. */
async function playAndDownload(name: string, file: string): Promise<void> {
  const card = page.getByRole('group', { name });
  await card.waitFor();
  await eventually(() => card.getByText(/排队中|生成中/).count(), 240_000).toBe(0);
  expect(await card.getByText(/生成失败/).count()).toBe(0);
  await cardAction(name, commonLabels.play);
  const player = page.getByRole('dialog', { name });
  const video = player.locator('video');
  await eventually(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 0)).toBe(true);
  await screenshot(page, `${file}-player`);
  await player.getByRole('button', { name: /close|关闭/i }).click();
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await cardAction(name, commonLabels.download);
  const download = await downloading;
  await download.saveAs(path.join(media, `${file}.mp4`));
  await page.getByText(studioMessages.downloadDone).first().waitFor();
}

describe('pets and person photos journey', () => {
  it('uploads a person photo, makes a photo-speak video from text, plays and downloads it; the lips follow the speech', async () => {
    const portrait = makePortrait(media);
    context = await newVisitorContext(browser, appUnderTest().baseURL);
    page = await context.newPage();
    problems = watchPage(page);
    const token = await registerWithCode(page, 'e2e_ph_', await redeemCode(100_000));

    // The person-image library: the demo portraits are there.
    await page.goto('/#/store/imageSpeak');
    await eventually(() => page.getByRole('tabpanel').getByRole('group').count(), 60_000).toBeGreaterThan(0);
    await screenshot(page, 'image-speak-library');

    // My uploads: the tile opens the upload dialog; its checks say the spec's words.
    await page.getByRole('tab', { name: pm.myUploads }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: pm.uploadPerson }).click();
    const dialog = page.getByRole('dialog', { name: pm.uploadPerson });
    await expect.poll(() => dialog.getByRole('checkbox').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText(pm.personNameRequired).waitFor();
    await dialog.getByText(pm.personImageRequired).waitFor();
    await dialog.getByRole('button', { name: pm.rulesLink }).click();
    const rules = page.getByRole('dialog', { name: pm.rulesTitle });
    await rules.getByText(pm.rules[0]).waitFor();
    // Once the dialog's opening animation is over.
    await eventually(() => page.locator('.ant-zoom-appear, .ant-zoom-enter').count()).toBe(0);
    await screenshot(page, 'photo-rules-dialog');
    await rules.getByRole('button', { name: '我知道了' }).click();
    await dialog.locator('input[type=file]').setInputFiles(portrait);
    await page.getByText(filesMessages.uploaded).first().waitFor({ timeout: 60_000 });
    await dialog.getByLabel(pm.nameLabel).fill(personName);
    await screenshot(page, 'photo-upload-dialog');
    // The name cleared: refused again; given back at once, it is accepted by the very next click.
    await dialog.getByLabel(pm.nameLabel).clear();
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText(pm.personNameRequired).waitFor();
    expect(await dialog.getByText(pm.personImageRequired).count()).toBe(0);
    await dialog.getByLabel(pm.nameLabel).fill(personName);
    await dialog.getByRole('button', { name: OK }).click();

    // The new picture leads on to photo-speak, chosen.
    await page.waitForURL(/#\/store\/characters\?id=\d+&source=1/);
    await screenshot(page, 'characters-after-upload');
    await page.getByRole('button', { name: personName, pressed: true }).waitFor();
    await renameWork(photoWork);
    await page.getByRole('tab', { name: commonLabels.publicVoices }).click();
    await page
      .getByRole('radio', { name: /离线合成/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: studioText.scriptLabel }).fill(script);
    await expect.poll(() => page.getByLabel(studioText.counterLabel).innerText()).toBe(`${script.length}/10000`);
    await screenshot(page, 'characters-page');
    await chooseChannel();
    const done = page.getByRole('dialog').filter({ hasText: studioMessages.submitDone });
    await done.getByRole('button', { name: studioText.toWorks }).click();
    await page.waitForURL(/#\/works\?type1=0&type2=2/);
    // The works page opens on 照片说话 (type2=2), whose list holds only photo-speak works.
    await page.getByText(worksMessages.photoVideos).first().waitFor();
    await playAndDownload(photoWork, 'photo-speak');
    await screenshot(page, 'works-photo-tab');

    const { list } = await apiData(appUnderTest().baseURL, listWorks, { photo_type: '1', limit: 0 }, token);
    const work = list.find((w) => w.name === photoWork);
    expect(work).toMatchObject({ status: 3, photo_type: 1 });
    const file = path.join(media, 'photo-speak.mp4');
    const report = inspectMedia(file);
    expect(report).toMatchObject({ videoStreams: 1, audioStreams: 1 });
    expect(report.meanVolume).toBeGreaterThan(-45);
    // The lip test of the offline talking faces: the mouth opens with the speech.
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
    const frames = measured.length;
    const rms = frameRms(await decodeSpeech(file), 25, frames);
    const opening = measured.map((m) => m.opening);
    expect(pearson(opening, rms)).toBeGreaterThanOrEqual(0.5);
  });

  it('uploads a pet photo and makes an audio-driven pet video listed under 宠物视频', async () => {
    const pet = makePicture(media, 'pet.png', 640, 480);
    const recording = makeVoiceRecording(media);
    page = await context.newPage();
    problems = watchPage(page);

    // /pet?type= opens the upload dialog at once.
    await page.goto('/#/pet?type=1');
    const dialog = page.getByRole('dialog', { name: pm.uploadPet });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText(pm.petNameRequired).waitFor();
    await dialog.getByText(pm.petImageRequired).waitFor();
    await screenshot(page, 'pet-upload-dialog-refusals');
    await dialog.getByLabel(pm.nameLabel).fill(petName);
    await dialog.locator('input[type=file]').setInputFiles(pet);
    await page.getByText(filesMessages.uploaded).first().waitFor({ timeout: 60_000 });
    // The OK button takes one press a second (the spec's throttle); the refused press above may be
    // less than a second ago when the upload was quick.
    await page.waitForTimeout(1_100);
    await dialog.getByRole('button', { name: OK }).click();
    await page.getByRole('group', { name: petName }).waitFor();
    await screenshot(page, 'pet-library-mine');
    await cardAction(petName, pm.createVideo);

    await page.waitForURL(/#\/pet\/establish\?id=\d+&source=1/);
    await page.getByRole('button', { name: petName, pressed: true }).waitFor();
    await renameWork(petWork);
    await page.getByText(studioText.audioMode, { exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(recording);
    await page.locator(`audio`).first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'pet-establish-page');
    await chooseChannel();
    // Audio mode: straight to the pet videos tab.
    await page.waitForURL(/#\/works\?type1=0&type2=1/);
    await playAndDownload(petWork, 'pet-video');
    // A test pattern has no face: the card says the whole picture was animated instead.
    await page
      .getByRole('group', { name: petWork })
      .getByText(/没有检测到人脸/)
      .waitFor();
    await screenshot(page, 'works-pet-tab');
    const report = inspectMedia(path.join(media, 'pet-video.mp4'));
    expect(report).toMatchObject({ videoStreams: 1, audioStreams: 1 });
    expect(report.meanVolume).toBeGreaterThan(-45);
  });

  it('shows the four pages in both themes', async () => {
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto('/#/pet');
    await page.getByText(pm.petLibraryEmpty).waitFor();
    for (const theme of ['dark', 'light'] as const) {
      if (theme === 'light') await page.getByRole('button', { name: themeMessages.switchTheme }).click();
      await eventually(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      for (const [route, name] of [
        ['/#/pet', 'pet'],
        ['/#/pet/establish', 'pet-establish'],
        ['/#/store/imageSpeak', 'image-speak'],
        ['/#/store/characters', 'characters'],
        ['/#/establishPet', 'establish-pet'],
      ] as const) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        await screenshot(page, `${name}-${theme}`);
      }
    }
    await page.getByRole('button', { name: themeMessages.switchTheme }).click();
  });
});
