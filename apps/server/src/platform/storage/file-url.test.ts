import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl, type FileUrlSource } from './file-url.js';
import { LocalStorage } from './local.js';

let dir: string;
let store: LocalStorage;
let source: FileUrlSource;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-url-'));
  store = new LocalStorage(dir, 'secret');
  source = { storage: store, config: { FILE_URL_TTL_SECONDS: 600 } };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('file URLs in replies', () => {
  it('give public objects their permanent URL', () => {
    expect(fileUrl(source, 'public/demo/cover.jpg')).toBe('/files/public/demo/cover.jpg');
  });

  it('sign private objects for FILE_URL_TTL_SECONDS, with the download name when offered', () => {
    const url = fileUrl(source, 'users/7/video/a.mp4', { downloadName: '作品.mp4' });
    const q = query(url);
    expect(url.startsWith('/files/users/7/video/a.mp4?')).toBe(true);
    expect(Number(q.expires) - Date.now() / 1000).toBeGreaterThan(590);
    expect(Number(q.expires) - Date.now() / 1000).toBeLessThanOrEqual(600);
    expect(q.name).toBe('作品.mp4');
    expect(store.verify('users/7/video/a.mp4', q)).toBe(true);
    expect(query(fileUrl(source, 'users/7/video/a.mp4')).name).toBeUndefined();
  });

  it('are empty when there is no object', () => {
    expect(fileUrl(source, null)).toBe('');
    expect(fileUrl(source, undefined)).toBe('');
    expect(fileUrl(source, '')).toBe('');
  });
});
