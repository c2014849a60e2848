import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadName, fetchWithProgress } from './download';

describe('download names', () => {
  it('keeps the name, drops unsafe characters, takes the extension of the object', () => {
    expect(downloadName('我的/作品', 'http://h/x/abc.mp4?sig=1')).toBe('我的_作品.mp4');
    expect(downloadName('封面', 'http://h/x/abc.PNG?expires=1.5#x')).toBe('封面.png');
    expect(downloadName('  ', 'http://h/file')).toBe('download.mp4');
    expect(downloadName('录音', 'http://h/file', 'mp3')).toBe('录音.mp3');
  });
});

afterEach(() => vi.unstubAllGlobals());

const streamOf = (parts: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

describe('fetchWithProgress', () => {
  it('reports rising progress chunk by chunk, ends at 100 and returns every byte', async () => {
    const parts = [new Uint8Array(250).fill(1), new Uint8Array(250).fill(2), new Uint8Array(500).fill(3)];
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(streamOf(parts), { headers: { 'content-length': '1000' } })),
    );
    const seen: number[] = [];
    const blob = await fetchWithProgress('http://x/video.mp4', (p) => seen.push(p));
    expect(seen).toEqual([0, 25, 50, 99, 100]);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(bytes.length).toBe(1000);
    expect(bytes[999]).toBe(3);
  });

  it('reports an unknown size as -1 and still finishes', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(streamOf([new Uint8Array(10)]))));
    const seen: number[] = [];
    await fetchWithProgress('http://x/a.mp3', (p) => seen.push(p));
    expect(seen).toEqual([-1, 100]);
  });

  it('fails on an HTTP error and on a body shorter than announced', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('gone', { status: 404 })));
    await expect(fetchWithProgress('http://x/a.mp4', () => undefined)).rejects.toThrow('404');
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(streamOf([new Uint8Array(10)]), { headers: { 'content-length': '20' } })),
    );
    await expect(fetchWithProgress('http://x/a.mp4', () => undefined)).rejects.toThrow('cut short');
  });
});
