import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { completeUpload, getConsoleSite, saveConsoleSite, signUpload } from '@app/contract';
import { appUnderTest } from './context';
import { mediaTempDir } from './media';
import { apiData } from './studio-api';

/** The brand an operator gives the site in the journeys, through the console's own calls. */
export const brand = { name: '小美数字人', browserTitle: '小美数字人 · 口播视频工作台' };

export interface Rebranded {
  /** The uploaded logo's address, as the site now serves it. */
  logoUrl: string;
  /** Puts the console's settings back as they were: other journeys share the running app. */
  restore(): Promise<void>;
}

/**
 * An 800×200 logo uploaded as the console uploads site pictures, then the console's save as its form sends
 * it: every field read back unchanged, with the new name, browser title and logo. The copyright and login
 * heading are left as they were read (the shipped name's defaults): they must follow the new name.
 */
export async function rebrand(): Promise<Rebranded> {
  const { baseURL, adminToken } = appUnderTest();
  const dir = mediaTempDir();
  let logoUrl: string;
  try {
    const file = path.join(dir, 'logo.png');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0xff5c8a:s=800x200', '-frames:v', '1', file]);
    const sig = await apiData(baseURL, signUpload, { file_type: 'image' }, adminToken);
    const key = `${sig.dir}${Date.now()}.png`;
    const form = new FormData();
    form.append('key', key);
    for (const [name, value] of Object.entries(sig.fields)) form.append(name, value);
    form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), 'logo.png');
    const posted = await fetch(new URL(sig.host, baseURL), { method: 'POST', body: form });
    expect(posted.ok).toBe(true);
    const url = `${sig.host}/${key}`;
    logoUrl = (await apiData(baseURL, completeUpload, { file_type: 'image', url, purpose: 'site' }, adminToken)).url;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const original = (await apiData(baseURL, getConsoleSite, {}, adminToken)).settings;
  const sent = Object.fromEntries(Object.entries(original).map(([k, v]) => [k, String(v)]));
  await apiData(
    baseURL,
    saveConsoleSite,
    { ...sent, site_title: brand.name, title: brand.browserTitle, logo: logoUrl, head_logo: '' },
    adminToken,
  );
  return {
    logoUrl,
    restore: async () => {
      await apiData(baseURL, saveConsoleSite, sent, adminToken);
    },
  };
}
