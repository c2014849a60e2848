import { startLoopbackFake, type FakeReply, type FakeServer } from '../../../../test/loopback-fake.js';

/**
 * Behaviour of the fake 蝉镜 open API (open-api.chanjing.cc), following its API documentation at
 * doc.chanjing.cc: 获取AccessToken, 定制数字人 and 合成视频 (avatar videos), 文件管理
 * (create_upload_url, the signed PUT, file_detail) and 对口型 (video_lip_sync create / detail), which
 * lip-syncs an uploaded video to an uploaded audio.
 */
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
  /** file_detail polls of an uploaded file before it is usable (default 1). */
  filePollsBeforeReady?: number;
  /** Final file status instead of 1 (98: failed the content check). */
  fileFailStatus?: number;
  /** 对口型 task: detail polls before it ends (default 2), and a failure message instead of success. */
  lipSyncPollsBeforeDone?: number;
  lipSyncFailMsg?: string;
}

/** A file uploaded through 蝉镜's file management. */
export interface FakeChanjingFile {
  service: string;
  name: string;
  mimeType: string;
  /** The bytes PUT to its signed URL (null until then) and the Content-Type they came with. */
  bytes: Buffer | null;
  contentType?: string;
  polls: number;
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
  /** Uploaded files by file_id. */
  files: Map<string, FakeChanjingFile>;
  /** 对口型 tasks by id: the create body and detail polls so far. */
  lipSyncs: Map<string, { body: Record<string, unknown>; polls: number; finished: boolean }>;
  /** The most 对口型 tasks unfinished at once. */
  maxLipSyncs: () => number;
}

const MIME: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4' };

const reply = (code: number, data: unknown, msg = code === 0 ? 'success' : 'error'): FakeReply => ({ json: { trace_id: 'trace', code, msg, data } });

export async function startFakeChanjing(s: FakeChanjingScript): Promise<FakeChanjing> {
  let tokensIssued = 0;
  let current = '';
  let voided = false;
  let served = 0;
  const videos = new Map<string, { polls: number; personId: string; finished: boolean }>();
  const persons = new Map<string, { name: string; material: string; polls: number; status: number }>();
  for (const p of s.existingPersons ?? []) persons.set(p.id, { name: p.name, material: '', polls: 99, status: p.status });
  const state = { tokensIssued: 0, maxRunning: 0, maxLipSyncs: 0 };
  const files = new Map<string, FakeChanjingFile>();
  const lipSyncs = new Map<string, { body: Record<string, unknown>; polls: number; finished: boolean }>();
  const usable = (id: unknown, service: string) => {
    const f = typeof id === 'string' ? files.get(id) : undefined;
    return !!f && f.service === service && f.bytes !== null && f.polls > (s.filePollsBeforeReady ?? 1) && !s.fileFailStatus;
  };
  const running = () => [...videos.values()].filter((v) => !v.finished).length;
  const fake = await startLoopbackFake((req) => {
    if (served++ < (s.http5xxFirst ?? 0)) return { status: 503, text: 'unavailable' };
    if (req.method === 'POST' && req.path === '/open/v1/access_token') {
      const b = req.body as { app_id?: string; secret_key?: string };
      if (b.app_id !== s.appId || b.secret_key !== s.secretKey) return reply(40000, null, 'app_id或secret_key错误');
      current = `token-${++tokensIssued}`;
      state.tokensIssued = tokensIssued;
      return reply(0, { access_token: current, expire_in: Math.floor(Date.now() / 1000) + (s.tokenTtl ?? 86_400) });
    }
    if (req.path.startsWith('/result/')) return { file: s.resultFile };
    // The signed upload URL carries its own authorisation (no access_token), as an OSS URL does.
    if (req.method === 'PUT' && req.path.startsWith('/upload/')) {
      const f = files.get(req.path.slice('/upload/'.length));
      if (!f || req.query.get('signature') !== 'ok') return { status: 403, text: 'SignatureDoesNotMatch' };
      f.bytes = req.raw;
      f.contentType = req.headers['content-type'];
      return { text: '' };
    }
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
    if (req.method === 'GET' && req.path === '/open/v1/common/create_upload_url') {
      const service = req.query.get('service') ?? '';
      const name = req.query.get('name') ?? '';
      if (!service || !name) return reply(40000, null, 'service 或 name 参数错误');
      const id = `file-${files.size + 1}`;
      const mimeType = MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
      files.set(id, { service, name, mimeType, bytes: null, polls: 0 });
      return reply(0, { sign_url: `${fake.url}/upload/${id}?signature=ok`, mime_type: mimeType, file_id: id });
    }
    if (req.method === 'GET' && req.path === '/open/v1/common/file_detail') {
      const f = files.get(req.query.get('id') ?? '');
      if (!f) return reply(40000, null, '文件不存在');
      if (f.bytes !== null) f.polls++;
      const ready = f.bytes !== null && f.polls > (s.filePollsBeforeReady ?? 1);
      const status = ready ? (s.fileFailStatus ?? 1) : 0;
      return reply(0, { id: req.query.get('id'), name: f.name, status, msg: status === 98 ? '内容安全检测未通过' : '' });
    }
    if (req.method === 'POST' && req.path === '/open/v1/video_lip_sync/create') {
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (!usable(b.video_file_id, 'lip_sync_video')) return reply(40000, null, 'video_file_id 无效或文件未就绪');
      if (b.audio_type !== 'audio' || !usable(b.audio_file_id, 'lip_sync_audio')) return reply(40000, null, 'audio_file_id 无效或文件未就绪');
      const id = `lipsync-${lipSyncs.size + 1}`;
      lipSyncs.set(id, { body: b, polls: 0, finished: false });
      state.maxLipSyncs = Math.max(state.maxLipSyncs, [...lipSyncs.values()].filter((t) => !t.finished).length);
      return reply(0, id);
    }
    if (req.method === 'GET' && req.path === '/open/v1/video_lip_sync/detail') {
      const id = req.query.get('id') ?? '';
      const task = lipSyncs.get(id);
      if (!task) return reply(40000, null, '任务不存在');
      const polls = ++task.polls;
      const base = { id, create_time: 1738636800, preview_url: `${fake.url}/result/${id}.jpg` };
      if (s.neverFinish || polls <= (s.lipSyncPollsBeforeDone ?? 2)) return reply(0, { ...base, status: polls === 1 ? 0 : 10, progress: Math.min(90, polls * 30), msg: '', video_url: '' });
      task.finished = true;
      if (s.lipSyncFailMsg) return reply(0, { ...base, status: 30, progress: 0, msg: s.lipSyncFailMsg, video_url: '' });
      return reply(0, { ...base, status: 20, progress: 100, msg: 'success', duration: 2000, video_url: `${fake.url}/result/${id}.mp4` });
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
  const out: FakeChanjing = Object.assign(fake, {
    script: s,
    persons,
    videos,
    running,
    maxRunning: () => state.maxRunning,
    tokensIssued: 0,
    files,
    lipSyncs,
    maxLipSyncs: () => state.maxLipSyncs,
  });
  Object.defineProperty(out, 'tokensIssued', { get: () => state.tokensIssued });
  return out;
}
