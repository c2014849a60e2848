import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLONE_RECORDING_MAX_BYTES,
  completeUpload,
  filesMessages,
  saveVoice,
  signUpload,
  voiceMessages,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { multipart, storedFiles } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

// Audio that drives a video (spec 001 §5) runs 5 s to 30 min, past the 20 MB of a voice-clone sample.
let t: TestApp;
let dir: string;
let carol: { id: number; token: string };

/** A sine of `seconds` as 8 kHz mono 16-bit WAV: 30 minutes of it is about 28.8 MB. */
async function wav(name: string, seconds: number): Promise<Buffer> {
  const file = path.join(dir, name);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:sample_rate=8000`,
    '-t',
    String(seconds),
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return fs.readFileSync(file);
}

/** Signs a voice upload, posts `content` to the storage host as the browser does, and registers it. */
async function uploadVoice(content: Buffer) {
  const signed = await t.call<UploadSignature>(signUpload, { file_type: 'voice' }, { token: carol.token });
  expect(signed.code).toBe(0);
  const key = `${signed.data.dir}${Date.now()}${Math.floor(Math.random() * 1e6)}.wav`;
  const { body, contentType } = multipart({ key, ...signed.data.fields }, { content, filename: 'a.wav' });
  const posted = await t.app.inject({
    method: 'POST',
    url: new URL(signed.data.host, 'http://x').pathname,
    headers: { 'content-type': contentType },
    payload: body,
  });
  const registered = await t.call<RegisteredFile>(
    completeUpload,
    { file_type: 'voice', url: key },
    { token: carol.token },
  );
  return { signed: signed.data, posted: posted.statusCode, registered, key };
}

beforeAll(async () => {
  t = await buildTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'driving-audio-'));
  carol = await newAccount(t, { username: 'carol_audio' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('audio that drives a video: 5 s to 30 min, not the voice-clone cap', () => {
  it('signs a form that takes 30 minutes of 48 kHz stereo WAV', async () => {
    const signed = await t.call<UploadSignature>(signUpload, { file_type: 'voice' }, { token: carol.token });
    const policy = JSON.parse(Buffer.from(signed.data.policy, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    const range = policy.conditions.find((c) => Array.isArray(c) && c[0] === 'content-length-range') as number[];
    expect(range[2]).toBeGreaterThanOrEqual(48_000 * 2 * 2 * 1800 + 44);
  });

  it('registers a 30-minute recording of more than 20 MB with its real length', async () => {
    const audio = await wav('thirty-minutes.wav', 1800);
    expect(audio.length).toBeGreaterThan(CLONE_RECORDING_MAX_BYTES);
    const { posted, registered, key } = await uploadVoice(audio);
    expect(posted).toBeLessThan(300);
    expect(registered).toMatchObject({ code: 0, data: { size: audio.length } });
    expect(registered.data.duration).toBeCloseTo(1800, 0);
    expect(storedFiles(t.ctx.localStorage!.root, `users/${carol.id}/voice`)).toContain(path.basename(key));
  });

  it('refuses one longer than 30 minutes and keeps nothing of it', async () => {
    const { posted, registered, key } = await uploadVoice(await wav('thirty-one-minutes.wav', 1860));
    expect(posted).toBeLessThan(300);
    expect(registered).toMatchObject({ code: 1, msg: filesMessages.tooLong('voice', 1800) });
    expect(storedFiles(t.ctx.localStorage!.root, `users/${carol.id}/voice`)).not.toContain(path.basename(key));
  });

  it('still refuses to clone a voice from a recording over 20 MB', async () => {
    const { registered } = await uploadVoice(await wav('long-sample.wav', 1500));
    expect(registered.data.size).toBeGreaterThan(CLONE_RECORDING_MAX_BYTES);
    const reply = await t.call(
      saveVoice,
      { name: '长录音', file_id: registered.data.file_id, api: 'local' },
      { token: carol.token },
    );
    expect(reply).toMatchObject({ code: 1, msg: voiceMessages.audioTooLarge });
  });
});
