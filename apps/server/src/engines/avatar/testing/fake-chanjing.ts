import { startFake, type FakeReply, type FakeServer } from './http-fake.js';

/** Behaviour of the fake 蝉镜 open API. */
export interface FakeChanjingScript {
  appId: string;
  secretKey: string;
  resultFile: string;
  pollsBeforeDone?: number;
  /** Final video status instead of 30 (e.g. 40 or 50) with this msg. */
  failStatus?: number;
  failMsg?: string;
  /** Reply code for create_video (e.g. 50011). */
  createCode?: number;
  createHttpStatus?: number;
  /** The first business call answers 10400 as if the token had been voided. */
  voidTokenOnce?: boolean;
  /** Seconds of validity of issued tokens. */
  tokenTtl?: number;
  http5xxFirst?: number;
  neverFinish?: boolean;
}

export interface FakeChanjing extends FakeServer {
  tokensIssued: number;
}

const reply = (code: number, data: unknown, msg = code === 0 ? 'success' : 'error'): FakeReply => ({ json: { trace_id: 'trace', code, msg, data } });

export async function startFakeChanjing(s: FakeChanjingScript): Promise<FakeChanjing> {
  let tokensIssued = 0;
  let current = '';
  let voided = false;
  let served = 0;
  const videos = new Map<string, number>();
  const state = { tokensIssued: 0 };
  const fake = await startFake((req) => {
    if (served++ < (s.http5xxFirst ?? 0)) return { status: 503, text: 'unavailable' };
    if (req.method === 'POST' && req.path === '/open/v1/access_token') {
      const b = req.body as { app_id?: string; secret_key?: string };
      if (b.app_id !== s.appId || b.secret_key !== s.secretKey) return reply(40000, null, 'app_id或secret_key错误');
      current = `token-${++tokensIssued}`;
      state.tokensIssued = tokensIssued;
      return reply(0, { access_token: current, expire_in: Math.floor(Date.now() / 1000) + (s.tokenTtl ?? 86_400) });
    }
    if (req.path.startsWith('/result/')) return { file: s.resultFile };
    if (req.headers.access_token !== current || !current) return reply(10400, null, 'AccessToken验证失败');
    if (s.voidTokenOnce && !voided) {
      voided = true;
      current = '';
      return reply(10400, null, 'AccessToken已失效');
    }
    if (req.method === 'POST' && req.path === '/open/v1/create_video') {
      if (s.createHttpStatus) return { status: s.createHttpStatus, text: 'bad request' };
      if (s.createCode) return reply(s.createCode, null, '作品存在不合规文字内容');
      const id = `video-${videos.size + 1}`;
      videos.set(id, 0);
      return reply(0, id);
    }
    if (req.method === 'GET' && req.path === '/open/v1/video') {
      const id = req.query.get('id') ?? '';
      const polls = (videos.get(id) ?? 0) + 1;
      videos.set(id, polls);
      const base = { id, create_time: 1745325784, preview_url: `${fake.url}/result/${id}.jpg`, subtitle_data_url: '' };
      if (s.neverFinish || polls <= (s.pollsBeforeDone ?? 2)) return reply(0, { ...base, status: 10, progress: polls * 30, msg: '', video_url: '' });
      if (s.failStatus) return reply(0, { ...base, status: s.failStatus, progress: 0, msg: s.failMsg ?? '', video_url: '' });
      return reply(0, { ...base, status: 30, progress: 100, msg: '', duration: 2, video_url: `${fake.url}/result/${id}.mp4` });
    }
    return { status: 404, text: 'not found' };
  });
  return Object.defineProperty(fake, 'tokensIssued', { get: () => state.tokensIssued }) as FakeChanjing;
}
