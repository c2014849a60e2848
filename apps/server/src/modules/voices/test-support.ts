import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'vitest';
import { completeUpload, listVoices, type RegisteredFile, type VoiceChannel } from '@app/contract';
import { ffmpeg, runTool } from '../../platform/media/ffmpeg.js';
import type { TestApp } from '../../../test/helper.js';

const SENTENCE = '今天天气很好，我们一起去公园散步，看看湖边的花草树木，再听一听鸟儿唱歌。';

/** Recordings made with espeak-ng and ffmpeg: long enough, too short, and long but mostly silent. */
export async function makeRecordings(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  await runTool('espeak-ng', ['-v', 'cmn', '-s', '150', '-w', at('sentence.wav'), SENTENCE]);
  // The sentence is about 15 s at this speed; twice makes a comfortable sample.
  await ffmpeg([
    '-i',
    at('sentence.wav'),
    '-i',
    at('sentence.wav'),
    '-filter_complex',
    'concat=n=2:v=0:a=1',
    at('speech.wav'),
  ]);
  await ffmpeg(['-i', at('speech.wav'), '-c:a', 'libmp3lame', '-b:a', '64k', at('speech.mp3')]);
  await ffmpeg(['-i', at('speech.wav'), '-c:a', 'aac', '-b:a', '64k', at('SPEECH.M4A')]);
  await ffmpeg(['-i', at('sentence.wav'), '-t', '6', at('short.wav')]);
  // 5 s of speech and then 10 s of silence: long enough on the clock, too little voice.
  await ffmpeg(['-t', '5', '-i', at('sentence.wav'), '-af', 'apad=pad_dur=10', at('mostly-silent.wav')]);
  return at;
}

/** Stores a local file in the user's voice folder and registers it as the web client does after a direct upload. */
export async function uploadRecording(
  app: TestApp,
  user: { id: number; token: string },
  file: string,
): Promise<number> {
  const key = `users/${user.id}/voice/${Date.now()}${Math.random().toString(16).slice(2, 8)}${path.extname(file)}`;
  await app.ctx.storage.putFile(key, file);
  const reply = await app.call<RegisteredFile>(
    completeUpload,
    { file_type: 'voice', url: key, size: 0, duration: 0 },
    { token: user.token },
  );
  expect(reply.msg).not.toBe('');
  if (reply.code !== 0) throw new Error(reply.msg);
  return reply.data.file_id;
}

/** Polls the own voice list until no voice is cloning. */
export async function waitForClones(app: TestApp, token: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reply = await app.call<{ generate: number }>(listVoices, { source: '1' }, { token });
    if (reply.data.generate === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('voices still cloning');
}

export const channelOf = (list: VoiceChannel[], api: string) => list.find((c) => c.api === api);
