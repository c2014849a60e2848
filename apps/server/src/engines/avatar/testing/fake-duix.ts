import { copyFile, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startLoopbackFake, type FakeReply, type FakeServer } from '../../../../test/loopback-fake.js';

/** Behaviour of the fake Duix gen-video service, following its published /easy API. */
export interface FakeDuixScript {
  /** A real mp4 handed back as the result. */
  resultFile: string;
  /** 'url': result is an http URL; 'path': a bare path under its data dir (served at /data, copied into sharedHostDir if given). */
  result: 'url' | 'path';
  sharedHostDir?: string;
  engineDir?: string;
  pollsBeforeDone?: number;
  /** Codes answered to the first submits before accepting (e.g. [10001] busy). */
  submitCodes?: number[];
  /** Final task failure message (status 3). */
  failWith?: string;
  /** Answer every query with this reply code (e.g. 10004 task not found). */
  queryCode?: number;
  neverFinish?: boolean;
  /** The first N requests get HTTP 500. */
  http5xxFirst?: number;
  /** Every submit gets this HTTP status. */
  submitHttpStatus?: number;
  /** Duix downloads the inputs it is handed by URL: given, each accepted task's video and audio are read through it. */
  fetchInput?: (url: string) => Promise<Buffer>;
}

/** What one accepted task was given to lip-sync. */
export interface DuixInputs {
  code: string;
  video: Buffer;
  audio: Buffer;
}

export interface FakeDuix extends FakeServer {
  /** Input files that existed in the shared directory at submit time. */
  stagedSeen: string[];
  /** The most tasks accepted and not yet finished at the same time (Duix runs one). */
  maxRunning: () => number;
  /** Task codes in the order they were accepted. */
  accepted: string[];
  /** The inputs read at submit (with `fetchInput`). */
  received: DuixInputs[];
}

const ok = (data: unknown, msg = '成功'): FakeReply => ({ json: { code: 10000, success: true, msg, data } });

export async function startFakeDuix(s: FakeDuixScript): Promise<FakeDuix> {
  const tasks = new Map<string, { polls: number }>();
  const submitCodes = [...(s.submitCodes ?? [])];
  const stagedSeen: string[] = [];
  let served = 0;
  let maxRunning = 0;
  const accepted: string[] = [];
  const received: DuixInputs[] = [];
  const engineDir = s.engineDir ?? '/code/data';
  const fake = await startLoopbackFake(async (req) => {
    if (served++ < (s.http5xxFirst ?? 0)) return { status: 502, text: 'bad gateway' };
    if (req.method === 'POST' && req.path === '/easy/submit') {
      if (s.submitHttpStatus) return { status: s.submitHttpStatus, text: 'bad request' };
      const body = req.body as { code?: string; audio_url?: string; video_url?: string };
      if (!body.code || !body.audio_url || !body.video_url) return { json: { code: 10002, success: false, msg: '参数异常', data: {} } };
      const code = submitCodes.shift();
      if (code !== undefined) return { json: { code, success: false, msg: code === 10001 ? '忙碌中' : '异常', data: {} } };
      if (s.sharedHostDir) {
        for (const p of [body.audio_url, body.video_url]) {
          const host = join(s.sharedHostDir, p.slice(engineDir.length));
          if (await stat(host).then((st) => st.isFile(), () => false)) stagedSeen.push(p);
        }
      }
      if (s.fetchInput) received.push({ code: body.code, video: await s.fetchInput(body.video_url), audio: await s.fetchInput(body.audio_url) });
      tasks.set(body.code, { polls: 0 });
      accepted.push(body.code);
      maxRunning = Math.max(maxRunning, tasks.size);
      return ok({ code: body.code });
    }
    if (req.method === 'GET' && req.path === '/easy/query') {
      const code = req.query.get('code') ?? '';
      if (s.queryCode !== undefined) return { json: { code: s.queryCode, success: true, msg: '任务不存在', data: {} } };
      const task = tasks.get(code);
      if (!task) return { json: { code: 10004, success: true, msg: '任务不存在', data: {} } };
      task.polls++;
      if (s.neverFinish || task.polls <= (s.pollsBeforeDone ?? 2)) return ok({ code, status: 1, progress: task.polls * 30, result: '', msg: '' }, '');
      tasks.delete(code); // Duix forgets a task once its final state has been read.
      if (s.failWith) return ok({ code, status: 3, progress: 0, result: '', msg: s.failWith }, '');
      const name = `${code}-r.mp4`;
      if (s.sharedHostDir) {
        await mkdir(join(s.sharedHostDir, 'temp'), { recursive: true });
        await copyFile(s.resultFile, join(s.sharedHostDir, 'temp', name));
      }
      const result = s.result === 'url' ? `${fake.url}/download/${name}` : s.sharedHostDir ? `${engineDir}/temp/${name}` : `/temp/${name}`;
      return ok({ code, status: 2, progress: 100, result, msg: '', cost: 1, video_duration: 2, width: 640, height: 360 }, '');
    }
    if (req.method === 'GET' && (req.path.startsWith('/download/') || req.path.startsWith('/data/temp/'))) return { file: s.resultFile };
    return { status: 404, text: 'not found' };
  });
  return Object.assign(fake, { stagedSeen, accepted, received, maxRunning: () => maxRunning });
}
