import path from 'node:path';
import { completeUpload, type RegisteredFile } from '@app/contract';
import type { TestApp } from '../../../test/helper.js';

/** Stores a local file in the user's upload folder and registers it as the web client does after a direct upload. */
export async function uploadFile(
  t: TestApp,
  user: { id: number; token: string },
  kind: 'image' | 'voice',
  file: string,
): Promise<{ code: number; msg: string; fileId: number }> {
  const key = `users/${user.id}/${kind}/${Date.now()}${Math.random().toString(16).slice(2, 8)}${path.extname(file)}`;
  await t.ctx.storage.putFile(key, file);
  const r = await t.call<RegisteredFile>(completeUpload, { file_type: kind, url: key }, { token: user.token });
  return { code: r.code, msg: r.msg, fileId: r.code === 0 ? r.data.file_id : 0 };
}
