import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_COLUMNS, batchColumnLabels, listAvatars, listVoices, previewBatch } from '@app/contract';
import { apiData } from './support/studio-api';
import { connectBrowser, newVisitorContext, settledScreenshot, toast, watchPage } from './support/browser';
import { appUnderTest } from './support/context';
import { mediaTempDir } from './support/media';
import { redeemCode, registerWithCode } from './support/journeys';
import { batchText as t } from '../apps/web/src/features/batch/messages';
import { zipEntries } from '../apps/server/src/modules/batch/testing/zip-entries';

const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 1_000 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
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

/** A spreadsheet as a person fills in the template: the template's header, then one row per video. */
async function writeSheet(file: string, rows: Record<string, string>[]): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('视频');
  sheet.addRow(BATCH_COLUMNS.map((c) => batchColumnLabels[c]));
  for (const r of rows) sheet.addRow(BATCH_COLUMNS.map((c) => r[c] ?? ''));
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
}

describe('batch videos journey', () => {
  it('uploads an XLSX of 5 rows, sees them checked and priced, submits, follows the batch to done and downloads its ZIP', async () => {
    const { baseURL } = appUnderTest();
    context = await newVisitorContext(browser, baseURL);
    page = await context.newPage();
    const problems = watchPage(page);
    const token = await registerWithCode(page, 'e2e_batch_', await redeemCode(100_000));

    // The demo actors are prepared in the background on a first start: wait for a ready one.
    await eventually(async () => {
      const { list } = await apiData(baseURL, listAvatars, { source: '2', limit: '0' }, token);
      return list.some((a) => a.status === 2 && a.hs === 2);
    }, 300_000).toBe(true);
    const { list: avatars } = await apiData(baseURL, listAvatars, { source: '2', limit: '0' }, token);
    const actor = avatars.find((a) => a.status === 2 && a.hs === 2)!;
    const { list: voices } = await apiData(baseURL, listVoices, { source: '2', limit: '0' }, token);
    const voice = voices[0]!;
    // Cells name them as a person sees them: by name, or by number where two share a name.
    const actorCell = avatars.filter((a) => a.name === actor.name).length > 1 ? String(actor.id) : actor.name;
    const voiceCell = voices.filter((v) => v.name === voice.name).length > 1 ? String(voice.id) : voice.name;
    const names = ['开场白', '产品介绍', '优惠活动', '使用方法', '结束语'];
    const rows = names.map((name, i) => ({
      name,
      script: `第${i + 1}条视频：大家好，欢迎来到直播间。`,
      avatar: actorCell,
      voice: voiceCell,
    }));
    const sheet = path.join(media, '批量视频.xlsx');
    await writeSheet(sheet, rows);

    await page.goto('/#/batch');
    await page.getByText(t.uploadHint).waitFor();
    await settledScreenshot(page, 'batch-empty');
    await page.locator('input[type=file]').setInputFiles(sheet);
    await page.getByText(t.summary(5, 0)).waitFor({ timeout: 30_000 });
    // The total is the rows' estimates as the server prices them, shown before anything is spent.
    const priced = await apiData(
      baseURL,
      previewBatch,
      { rows: JSON.stringify(rows.map((r) => ({ ...r, channel: '', captions: '', background: '' }))) },
      token,
    );
    expect(priced.invalid).toBe(0);
    await page.getByText(t.total(priced.credits, priced.held, priced.balance)).waitFor();
    for (const name of names) await page.getByRole('table').getByText(name, { exact: true }).waitFor();
    await settledScreenshot(page, 'batch-checked');
    await page.setViewportSize({ width: 390, height: 844 });
    await settledScreenshot(page, 'batch-checked-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('textbox', { name: t.batchName }).fill('五条视频');
    await page.getByRole('button', { name: /^提\s?交$/ }).click();
    await toast(page, t.submitted(5)).waitFor({ timeout: 30_000 });
    const progress = page.getByLabel(`五条视频 ${t.progress}`);
    await progress.waitFor();
    await settledScreenshot(page, 'batch-in-progress');
    // Five talking videos rendered on the server; the list refreshes itself until all are done.
    await eventually(() => progress.innerText(), 600_000).toContain(t.counts(5, 0, 0));
    await settledScreenshot(page, 'batch-done');
    await page.setViewportSize({ width: 390, height: 844 });
    await settledScreenshot(page, 'batch-done-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: `${t.downloadAll} 五条视频` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('五条视频.zip');
    const zip = path.join(media, 'batch.zip');
    await download.saveAs(zip);
    const entries = await zipEntries(readFileSync(zip));
    expect(entries.map((e) => e.name).sort()).toEqual(names.map((n) => `${n}.mp4`).sort());
    for (const e of entries) {
      expect(e.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(e.bytes.length).toBeGreaterThan(10_000);
    }
    expect(problems).toEqual([]);
  }, 900_000);
});
