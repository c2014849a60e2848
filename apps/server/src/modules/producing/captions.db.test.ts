import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionMessages, saveWork, workCaptions, type Avatar, type Work } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { works } from '../../db/schema/index.js';
import { makeClip, makeTone } from '../../engines/avatar/testing/media.js';
import { runTool } from '../../platform/media/ffmpeg.js';
import { parseSrt } from '../../platform/media/srt.js';
import { addVoice, cloneAvatar, registerUpload, studioWork } from '../works/testing/studio.js';

/**
 * Captions of talking videos, end to end through the studio's create call: the lines of the script timed
 * on the speech the engine made, the SRT behind the works list's download, and the captions burned into
 * the picture where the style puts them and nowhere else.
 */
let t: TestApp;
let dir: string;
let owner: TestAccount;
let stranger: TestAccount;
let portrait: Avatar;
let landscape: Avatar;
let voiceId: number;

const SCRIPT =
  '大家好，欢迎来到数字人平台。<break time="0.6s"/>今天给大家介绍一款新产品！<break time="0.6s"/>' +
  '只需要上传一张清晰的正面照片，系统就能自动生成自然流畅的口播视频。';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captions-'));
  t = await buildTestApp();
  owner = await newAccount(t, { credits: 100000 });
  stranger = await newAccount(t, { credits: 1000 });
  portrait = await cloneAvatar(
    t,
    owner,
    await makeClip(path.join(dir, 'p.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  landscape = await cloneAvatar(
    t,
    owner,
    await makeClip(path.join(dir, 'l.mp4'), { width: 640, height: 360, seconds: 6 }),
  );
  voiceId = await addVoice(t, { userId: null });
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const make = (params: Record<string, string | number>): Promise<Work> =>
  studioWork(t, owner, { api: 'local', voice_id: voiceId, ...params });

const rowOf = async (id: number) => (await t.ctx.database.db.select().from(works).where(eq(works.id, id)))[0]!;
const videoOf = async (id: number) => t.ctx.localStorage!.pathOf((await rowOf(id)).videoKey!);

/** The SRT behind the works list's 下载字幕: the route's link, fetched as the browser would. */
async function downloadedSrt(work: Work) {
  const r = await t.call<{ url: string; name: string }>(workCaptions, { id: work.id }, { token: owner.token });
  expect(r.code, r.msg).toBe(0);
  expect(r.data.name).toBe(`${work.name}.srt`);
  const fetched = await t.app.inject({ method: 'GET', url: r.data.url });
  expect(fetched.statusCode).toBe(200);
  return parseSrt(fetched.body);
}

/** One frame's luma at `seconds`, as rows of `width` bytes. */
const lumaAt = async (file: string, seconds: number, width: number, height: number) => {
  const raw = await runTool('ffmpeg', [
    '-v',
    'error',
    '-ss',
    seconds.toFixed(2),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ]);
  expect(raw.length).toBe(width * height);
  return raw;
};

/** Pixels that differ by more than 60 luma levels, inside rows [from, to) and outside them. */
function changed(a: Buffer, b: Buffer, width: number, band: [number, number]) {
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i]! - b[i]!) <= 60) continue;
    const row = Math.floor(i / width);
    if (row >= band[0] && row < band[1]) inside++;
    else outside++;
  }
  return { inside, outside };
}

describe('captions of a talking video', () => {
  let captioned: Work;
  let plain: Work;

  it('splits the script at its punctuation and times each line within 150 ms of the speech the engine made', async () => {
    captioned = await make({
      name: '带字幕',
      video_id: portrait.id,
      text: SCRIPT,
      captions: 1,
      caption_line_chars: 18,
    });
    expect(captioned.status, captioned.fail_reason).toBe(3);
    expect(captioned.captions).toBe(1);
    const cues = await downloadedSrt(captioned);
    expect(cues.map((c) => c.text)).toEqual([
      '大家好，欢迎来到数字人平台',
      '今天给大家介绍一款新产品！',
      '只需要上传一张清晰的正面照片',
      '系统就能自动生成自然流畅的口播视频',
    ]);
    // The engine spoke the script in three pieces (the pause tags part them) and told where each lies.
    const p = (await rowOf(captioned.id)).params as { speechSpans: { start: number; end: number }[]; files: string[] };
    const spans = p.speechSpans;
    expect(spans).toHaveLength(3);
    const near = (a: number, b: number) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThan(0.15);
    near(cues[0]!.start, spans[0]!.start);
    near(cues[0]!.end, spans[0]!.end);
    near(cues[1]!.start, spans[1]!.start);
    near(cues[1]!.end, spans[1]!.end);
    near(cues[2]!.start, spans[2]!.start);
    near(cues[3]!.end, spans[2]!.end);
    // The comma's pause inside the third piece parts its two lines.
    expect(cues[3]!.start - cues[2]!.end).toBeGreaterThan(0.1);
    expect(cues[2]!.end).toBeLessThan(cues[3]!.start);
    // The SRT is the work's own file: deleting the work removes it.
    expect(p.files.some((f) => f.endsWith('captions.srt'))).toBe(true);
  }, 900_000);

  it('gives the SRT to its owner only, and says so for a work without captions', async () => {
    const foreign = await t.call(workCaptions, { id: captioned.id }, { token: stranger.token });
    expect(foreign.code).toBe(1);
    plain = await make({ name: '无字幕', video_id: portrait.id, text: SCRIPT });
    expect(plain.status, plain.fail_reason).toBe(3);
    expect(plain.captions).toBe(0);
    const none = await t.call(workCaptions, { id: plain.id }, { token: owner.token });
    expect(none).toMatchObject({ code: 1, msg: captionMessages.srtMissing });
  }, 900_000);

  it('burns the captions into the caption band and changes nothing else of the picture', async () => {
    const cues = await downloadedSrt(captioned);
    const at = (cues[1]!.start + cues[1]!.end) / 2;
    const [a, b] = await Promise.all([
      lumaAt(await videoOf(captioned.id), at, 360, 640),
      lumaAt(await videoOf(plain.id), at, 360, 640),
    ]);
    // Bottom position on a portrait picture: the line sits 14 % of the height above the bottom edge.
    const band: [number, number] = [640 - Math.round(640 * 0.14) - 40, 640 - Math.round(640 * 0.14) + 4];
    const d = changed(a, b, 360, band);
    expect(d.inside).toBeGreaterThan(400);
    expect(d.outside).toBeLessThan(40);
  }, 900_000);

  it('draws on a landscape picture at its own size, at the top in a box when asked', async () => {
    const script = '横屏视频的字幕，放在画面顶部。';
    const [boxed, bare] = await Promise.all([
      make({
        name: '横屏',
        video_id: landscape.id,
        text: script,
        captions: 1,
        caption_preset: 'box',
        caption_position: 'top',
      }),
      make({ name: '横屏无字幕', video_id: landscape.id, text: script }),
    ]);
    expect(boxed.status, boxed.fail_reason).toBe(3);
    const cues = await downloadedSrt(boxed);
    expect(cues.map((c) => c.text)).toEqual(['横屏视频的字幕，放在画面顶部']);
    const at = (cues[0]!.start + cues[0]!.end) / 2;
    const [a, b] = await Promise.all([
      lumaAt(await videoOf(boxed.id), at, 640, 360),
      lumaAt(await videoOf(bare.id), at, 640, 360),
    ]);
    const top = Math.round(360 * 0.08);
    const d = changed(a, b, 640, [top - 8, top + 40]);
    expect(d.inside).toBeGreaterThan(400);
    expect(d.outside).toBeLessThan(40);
  }, 900_000);

  it('refuses captions on a recording while no speech recogniser is set up, holding nothing', async () => {
    const fileId = await registerUpload(t, owner.id, 'voice', await makeTone(path.join(dir, 'tone.m4a'), 6));
    const before = await rowCount();
    const r = await t.call(
      saveWork,
      { api: 'local', video_id: portrait.id, material_audio_id: fileId, captions: 1 },
      { token: owner.token },
    );
    expect(r).toMatchObject({ code: 1, msg: captionMessages.audioNeedsTranscription });
    expect(await rowCount()).toBe(before);
  });
});

const rowCount = async () => (await t.ctx.database.db.select({ id: works.id }).from(works)).length;
