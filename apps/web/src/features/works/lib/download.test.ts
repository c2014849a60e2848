import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadName, fetchWithProgress } from './download';

describe('download names', () => {
  it('keeps the name, drops unsafe characters, takes the URL extension', () => {
    expect(downloadName('我的/作品', 'http://h/x/abc.mp4?sig=1')).toBe('我的_作品.mp4');
    expect(downloadName('  ', 'http://h/file')).toBe('video.mp4');
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('fetchWithProgress', () => {
  it('reports progress up to 100 and returns the bytes', async () => {
    const body = new Uint8Array(1000).fill(7);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { headers: { 'content-length': '1000' } })));
    const seen: number[] = [];
    const blob = await fetchWithProgress('http://x/video.mp4', (p) => seen.push(p));
    expect(blob.size).toBe(1000);
    expect(seen.at(-1)).toBe(100);
  });
});
