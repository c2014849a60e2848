import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../../test/loopback-fake.js';
import { probe } from '../../../platform/media/ffmpeg.js';
import { LinkRefusal } from '../../../platform/security/public-address.js';
import { startFakeParseService } from '../testing/fake-parse-service.js';
import { makeSiteMedia, startFakeSite, type FakeSite } from '../testing/fake-site.js';
import { parseServiceResolver } from './parse-service.js';
import { resolverRegistry } from './registry.js';
import { ResolveError, type ResolveRequest } from './types.js';

/** The parse-service resolver against a fake of Douyin_TikTok_Download_API's hybrid endpoint. */
let dir: string;
let service: FakeServer;
/** Where the media lives: 127.0.0.2, the address these tests allow. */
let cdn: FakeSite;
/** A host inside the network, which the media address must never lead to. */
let inside: FakeSite;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-service-'));
  const media = await makeSiteMedia(dir);
  cdn = await startFakeSite(media);
  inside = await startFakeSite(media, { host: '127.0.0.1' });
  service = await startFakeParseService({
    'v.douyin.com/ok': {
      type: 'video',
      desc: '夏日海边的日落延时摄影 #旅行',
      videoUrl: `${cdn.url}/media/clip.mp4`,
      coverUrl: `${cdn.url}/media/cover.jpg`,
    },
    'v.douyin.com/nocover': {
      type: 'video',
      desc: '没有封面',
      videoUrl: `${cdn.url}/media/clip.mp4`,
      coverUrl: `${cdn.url}/missing-cover.jpg`,
    },
    'v.douyin.com/inside': { type: 'video', desc: '内网', videoUrl: `${inside.url}/media/clip.mp4` },
    'v.douyin.com/photos': { type: 'image', desc: '图集', coverUrl: `${cdn.url}/x.jpg` },
  });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await cdn?.close();
  await inside?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const request = (link: string, name: string): ResolveRequest => {
  const out = path.join(dir, name);
  fs.mkdirSync(out, { recursive: true });
  return {
    link,
    want: 'video',
    dir: out,
    signal: new AbortController().signal,
    limits: { maxBytes: 50 * 1024 * 1024, maxSeconds: 600, timeoutMs: 60_000 },
    // 127.0.0.2 stands for the site's public media host here; 127.0.0.1 stays what it is.
    policy: { allowedAddresses: ['127.0.0.2'] },
  };
};

describe('parse service resolver', () => {
  const resolver = () => parseServiceResolver({ baseUrl: `${service.url}/` });

  it('asks the hybrid endpoint with the link and minimal=true, and downloads the no-watermark video', async () => {
    const got = await resolver().resolve(request('http://93.184.215.14/v.douyin.com/ok/', 'ok'));
    const asked = service.requests.at(-1)!;
    expect(asked.path).toBe('/api/hybrid/video_data');
    expect(asked.query.get('url')).toBe('http://93.184.215.14/v.douyin.com/ok/');
    expect(asked.query.get('minimal')).toBe('true');
    expect(got.desc).toBe('夏日海边的日落延时摄影 #旅行');
    // The picture the service named, as the site served it.
    expect(fs.readFileSync(got.coverFile!)).toEqual(fs.readFileSync(path.join(dir, 'cover.jpg')));
    const info = await probe(got.file);
    expect(info.video?.codec).toBe('h264');
    expect(info.duration).toBeGreaterThan(5.5);
  });

  it('goes on without a cover the site no longer has', async () => {
    const got = await resolver().resolve(request('http://93.184.215.14/v.douyin.com/nocover/', 'nocover'));
    expect(got.coverFile).toBeNull();
    expect(fs.statSync(got.file).size).toBeGreaterThan(10_000);
  });

  it('refuses media addresses inside the network, without fetching them', async () => {
    await expect(
      resolver().resolve(request('http://93.184.215.14/v.douyin.com/inside/', 'inside')),
    ).rejects.toMatchObject({ failure: 'private' });
    expect(inside.hits).toEqual([]);
  });

  it('says a link it cannot parse is unsupported, and an image post has no video', async () => {
    await expect(resolver().resolve(request('http://93.184.215.14/unknown', 'unknown'))).rejects.toMatchObject({
      failure: 'unsupported',
    });
    await expect(
      resolver().resolve(request('http://93.184.215.14/v.douyin.com/photos/', 'photos')),
    ).rejects.toMatchObject({ failure: 'not-found' });
  });

  it('refuses a private link before asking the service', async () => {
    const before = service.requests.length;
    await expect(resolver().resolve(request('http://192.168.1.10/v.douyin.com/ok/', 'private'))).rejects.toThrow();
    expect(service.requests.length).toBe(before);
  });

  it('is tried after a resolver that cannot read the link; a refusal ends the search', async () => {
    const failing = {
      name: 'first',
      resolve: () => Promise.reject(new ResolveError('unsupported', 'not mine')),
    };
    const registry = resolverRegistry([failing, resolver()]);
    const got = await registry.resolve(request('http://93.184.215.14/v.douyin.com/ok/', 'order'));
    expect(got.resolver).toBe('parse-service');
    const refusing = { name: 'first', resolve: () => Promise.reject(new ResolveError('private', '10.0.0.1')) };
    const asked = service.requests.length;
    await expect(
      resolverRegistry([refusing, resolver()]).resolve(request('http://93.184.215.14/v.douyin.com/ok/', 'stop')),
    ).rejects.toMatchObject({ failure: 'private' });
    expect(service.requests.length).toBe(asked);
    // A link refused as private by the first is not handed to the next either.
    const refusedLink = { name: 'first', resolve: () => Promise.reject(new LinkRefusal('private', '127.0.0.1')) };
    await expect(
      resolverRegistry([refusedLink, resolver()]).resolve(request('http://93.184.215.14/v.douyin.com/ok/', 'stop2')),
    ).rejects.toBeInstanceOf(LinkRefusal);
    expect(service.requests.length).toBe(asked);
  });
});
