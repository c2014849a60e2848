import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAvatar, listAvatars, listWorks, saveWork, type Avatar, type Work } from '@app/contract';
import { newAccount, type TestAccount } from '../../../../test/accounts.js';
import { waitFor, type TestApp } from '../../../../test/helper.js';
import { makeClip } from '../../../engines/avatar/testing/media.js';
import { LOCAL_PRESET_VOICES } from '../../../engines/speech/index.js';
import type { AppContext } from '../../../platform/context.js';
import { probe } from '../../../platform/media/ffmpeg.js';
import { AVATAR_STATUS, AvatarsService, avatarsRepo } from '../../avatars/index.js';
import { uploadedFiles } from '../../files/index.js';

// Test fixtures of the studio: registered uploads, voices, avatars (accounts come from test/accounts.ts).

/** Puts a local file in the user's upload folder and registers it as the files feature does. */
export async function registerUpload(
  t: Pick<TestApp, 'ctx'>,
  userId: number,
  kind: 'video' | 'voice' | 'image',
  file: string,
): Promise<number> {
  const key = `users/${userId}/${kind}/${Date.now()}${randomBytes(4).toString('hex')}${path.extname(file)}`;
  await t.ctx.storage.putFile(key, file);
  const info = await probe(file);
  const rows = (await t.ctx.database.db.execute(
    sql`insert into files (user_id, kind, key, mime, size, duration, width, height, sha256)
        values (${userId}, ${kind}, ${key}, ${{ video: 'video/mp4', voice: 'audio/mp4', image: 'image/png' }[kind]}, ${info.size}, ${info.duration},
                ${info.video?.width ?? 0}, ${info.video?.height ?? 0}, ${'0'.repeat(64)}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return rows.rows[0]!.id;
}

/** A voice row: public (userId null) or someone's; generate_status 1 training, 2 ready, 3 failed; the offline preset's voice unless `voiceRef`. */
export async function addVoice(
  t: Pick<TestApp, 'ctx'>,
  o: { userId: number | null; status?: number; api?: string; voiceRef?: string },
): Promise<number> {
  const rows = (await t.ctx.database.db.execute(
    sql`insert into voices (user_id, source, name, api, generate_status, voice_ref)
        values (${o.userId}, ${o.userId === null ? 2 : 1}, ${'测试声音'}, ${o.api ?? 'local'}, ${o.status ?? 2}, ${o.voiceRef ?? LOCAL_PRESET_VOICES[0]!.voiceRef}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return rows.rows[0]!.id;
}

/** Clones an avatar through the API from a local video and waits until it is ready (or failed). */
export async function cloneAvatar(t: TestApp, m: TestAccount, file: string, name = '我的分身'): Promise<Avatar> {
  const fileId = await registerUpload(t, m.id, 'video', file);
  const r = await t.call<{ id: number }>(createAvatar, { name, file_id: fileId }, { token: m.token });
  if (r.code !== 0) throw new Error(r.msg);
  return waitFor(
    'avatar clone',
    async () => {
      const list = await t.call<{ list: Avatar[] }>(listAvatars, { source: '1', limit: 0 }, { token: m.token });
      const a = list.data.list.find((x) => x.id === r.data.id);
      return a && a.status !== 1 ? a : null;
      // Preparation re-encodes the video: generous, for a loaded machine.
    },
    300_000,
  );
}

/**
 * What a studio order needs, written without the API (for a server that runs as a child process): an
 * account with `credits`, an avatar prepared from a 6 s portrait clip made in `dir`, and a public voice.
 */
export async function studioOrderReady(
  ctx: AppContext,
  dir: string,
  credits: number,
  /** The avatar's clip, when it must be another than the 6 s portrait pattern (e.g. a face for the lip-sync). */
  makeAvatarClip?: (file: string) => Promise<string>,
): Promise<{ who: TestAccount; avatarId: number; voiceId: number }> {
  const who = await newAccount({ ctx }, { credits });
  const file = path.join(dir, 'avatar.mp4');
  const clip = makeAvatarClip
    ? await makeAvatarClip(file)
    : await makeClip(file, { width: 360, height: 640, seconds: 6 });
  const fileId = await registerUpload({ ctx }, who.id, 'video', clip);
  const avatarId = await new AvatarsService(ctx, uploadedFiles).create(who.id, '分身', fileId);
  await waitFor(
    'avatar',
    async () => (await avatarsRepo.find(ctx.database.db, avatarId))?.status === AVATAR_STATUS.ready,
    120_000,
  );
  return { who, avatarId, voiceId: await addVoice({ ctx }, { userId: null }) };
}

/** Submits a work through the studio's save as `m` and waits until it is done or failed (as the works list shows it). */
export async function studioWork(t: TestApp, m: TestAccount, params: Record<string, string | number>): Promise<Work> {
  const r = await t.call<{ id: number }>(saveWork, params, { token: m.token });
  if (r.code !== 0) throw new Error(r.msg);
  return waitFor(
    `work ${r.data.id}`,
    async () => {
      const l = await t.call<{ list: Work[] }>(listWorks, { page: 1, limit: 0 }, { token: m.token });
      return l.data.list.find((x) => x.id === r.data.id && (x.status === 3 || x.status === 4));
    },
    400_000,
  );
}
