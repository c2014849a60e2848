import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVoices, listWorks, saveWork, startAudition, type Voice, type Work } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { cloneAvatar } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

// Clients send emotion= and language= empty for channels that offer no such choice: that means the default.
let t: TestApp;
let media: string;
let alice: TestAccount;
let voice: Voice;

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-choices-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local' });
  alice = await newAccount(t, { credits: 1000 });
  const voices = await t.call<{ list: Voice[] }>(listVoices, { source: '2' }, { token: alice.token });
  const first = voices.data.list[0];
  if (!first) throw new Error('no public voice');
  voice = first;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

describe('empty emotion and language mean the default', () => {
  it('starts an audition sent with emotion= and language=', async () => {
    const r = await t.call<{ job_id: string }>(
      startAudition,
      { voice_id: voice.id, text: '你好，欢迎收听。', emotion: '', language: '' },
      { token: alice.token },
    );
    expect(r, r.msg).toMatchObject({ code: 0 });
    expect(r.data.job_id).not.toBe('');
  });

  it('creates a work sent with emotion= and language=', async () => {
    const avatar = await cloneAvatar(t, alice, await makeClip(path.join(media, 'a.mp4'), { seconds: 6 }));
    const r = await t.call<{ id: number }>(
      saveWork,
      { api: 'local', video_id: avatar.id, voice_id: voice.id, text: '大家好。', emotion: '', language: '' },
      { token: alice.token },
    );
    expect(r, r.msg).toMatchObject({ code: 0 });
    const listed = await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: alice.token });
    expect(listed.data.list.map((w) => w.id)).toContain(r.data.id);
  });

  it('still refuses an emotion that is not one of the choices', async () => {
    const r = await t.call(
      startAudition,
      { voice_id: voice.id, text: '你好', emotion: 'sleepy' },
      { token: alice.token },
    );
    expect(r).toMatchObject({ code: 1 });
    expect(r.msg).toContain('emotion');
  });
});
