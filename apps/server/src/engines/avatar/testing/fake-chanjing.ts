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
  /** Detail polls of a customised person before it is trained (default 2). */
  personPollsBeforeDone?: number;
  /** Final person status instead of 2 (4 failed, 5 system error) with this err_reason. */
  personFailStatus?: number;
  personFailReason?: string;
  /** Persons that already exist on the account (a re-run finds them by name). */
  existingPersons?: { id: string; name: string; status: number }[];
  /** While true, create_customised_person answers HTTP 503, as during an outage (may be flipped while running). */
  personServiceDown?: boolean;
}

export interface FakeChanjing extends FakeServer {
  /** The script it follows, read on every request: a test may change it while the fake runs. */
  script: FakeChanjingScript;
  tokensIssued: number;
  /** Customised persons by id: their name, training video URL and detail polls so far. */
  persons: Map<string, { name: string; material: string; polls: number; status: number }>;
  /** Video tasks by id: detail polls so far and the person they were made with. */
  videos: Map<string, { polls: number; personId: string }>;
  /** Create_video calls currently unfinished (created and not yet reported done/failed). */
  running: () => number;
  /** The most create_video tasks unfinished at once. */
  maxRunning: () => number;
}

const reply = (code: number, data: unknown, msg = code === 0 ? 'success' : 'error'): FakeReply => ({ json: { trace_id: 'trace', code, msg, data } });

export async function startFakeChanjing(s: FakeChanjingScript): Promise<FakeChanjing> {
  let tokensIssued = 0;
  let current = '';
  let voided = false;
  let served = 0;
  const videos = new Map<string, { polls: number; personId: string; finished: boolean }>();
  const persons = new Map<string, { name: string; material: string; polls: number; status: number }>();
  for (const p of s.existingPersons ?? []) persons.set(p.id, { name: p.name, material: '', polls: 99, status: p.status });
  const state = { tokensIssued: 0, maxRunning: 0 };
  const running = () => [...videos.values()].filter((v) => !v.finished).length;
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
      const b = req.body as { person?: { id?: string } };
      const personId = b.person?.id ?? '';
      const person = persons.get(personId);
      if (persons.size && (!person || person.status !== 2)) return reply(40000, null, '数字人不存在或未定制完成');
      const id = `video-${videos.size + 1}`;
      videos.set(id, { polls: 0, personId, finished: false });
      state.maxRunning = Math.max(state.maxRunning, running());
      return reply(0, id);
    }
    if (req.method === 'GET' && req.path === '/open/v1/video') {
      const id = req.query.get('id') ?? '';
      const v = videos.get(id);
      if (!v) return reply(40000, null, '视频不存在');
      const polls = ++v.polls;
      const base = { id, create_time: 1745325784, preview_url: `${fake.url}/result/${id}.jpg`, subtitle_data_url: '' };
      if (s.neverFinish || polls <= (s.pollsBeforeDone ?? 2)) return reply(0, { ...base, status: 10, progress: polls * 30, msg: '', video_url: '' });
      v.finished = true;
      if (s.failStatus) return reply(0, { ...base, status: s.failStatus, progress: 0, msg: s.failMsg ?? '', video_url: '' });
      return reply(0, { ...base, status: 30, progress: 100, msg: '', duration: 2, video_url: `${fake.url}/result/${id}.mp4` });
    }
    if (req.method === 'POST' && req.path === '/open/v1/create_customised_person') {
      if (s.personServiceDown) return { status: 503, text: 'unavailable' };
      const b = req.body as { name?: string; material_video?: string; train_type?: string };
      if (!b.name || !b.material_video) return reply(40000, null, 'name 或 material_video 参数错误');
      if (b.train_type && !['voice', 'figure', 'both'].includes(b.train_type)) return reply(400, null, 'train_type参数错误');
      const id = `C-person-${persons.size + 1}`;
      persons.set(id, { name: b.name, material: b.material_video, polls: 0, status: 1 });
      return reply(0, id);
    }
    if (req.method === 'GET' && req.path === '/open/v1/customised_person') {
      const id = req.query.get('id') ?? '';
      const p = persons.get(id);
      if (!p) return reply(40000, null, '数字人不存在');
      const polls = ++p.polls;
      if (p.status === 1 && polls > (s.personPollsBeforeDone ?? 2)) p.status = s.personFailStatus ?? 2;
      const failed = p.status === 4 || p.status === 5;
      return reply(0, {
        id,
        name: p.name,
        type: 'person',
        status: p.status,
        progress: p.status === 2 ? 100 : Math.min(90, polls * 30),
        err_reason: failed ? (s.personFailReason ?? '') : '',
        reason: '',
        is_open: 1,
        width: 360,
        height: 640,
        pic_url: `${fake.url}/result/${id}.jpg`,
        preview_url: '',
        create_time: 1750328558,
      });
    }
    if (req.method === 'POST' && req.path === '/open/v1/list_customised_person') {
      const b = req.body as { page?: number; page_size?: number };
      const page = b.page ?? 1;
      const size = b.page_size ?? 10;
      const all = [...persons.entries()].reverse().map(([id, p]) => ({ id, name: p.name, status: p.status, progress: p.status === 2 ? 100 : 0 }));
      return reply(0, { list: all.slice((page - 1) * size, page * size), page_result: { page, size, total: all.length } });
    }
    return { status: 404, text: 'not found' };
  });
  const out: FakeChanjing = Object.assign(fake, { script: s, persons, videos, running, maxRunning: () => state.maxRunning, tokensIssued: 0 });
  Object.defineProperty(out, 'tokensIssued', { get: () => state.tokensIssued });
  return out;
}
