import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, int, protocolMessages } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { createProbe, probeModule } from '../../../test/probe-module.js';
import type { FeatureModule } from '../../modules/module.js';
import { AppError } from '../errors.js';
import { streamRoute } from './route.js';

/** A test-only stream: counts to `n`, then says who asked; `n=0` is refused before the stream opens. */
const countStream = endpoint({
  method: 'GET',
  path: '/api/probe/count-stream',
  summary: 'test',
  tag: 'test',
  auth: 'user',
  noSign: true,
  params: z.strictObject({ n: int({ min: 0, max: 10 }), fail: int({ min: 0, max: 1 }).optional() }),
  data: z.discriminatedUnion('event', [
    z.object({ event: z.literal('step'), data: z.object({ n: z.number() }) }),
    z.object({ event: z.literal('done'), data: z.object({ username: z.string() }) }),
  ]),
});
/** Sends `ready`, then waits for the client to leave and records that its signal aborted. */
const waitStream = endpoint({
  method: 'GET',
  path: '/api/probe/wait-stream',
  summary: 'test',
  tag: 'test',
  auth: 'user',
  noSign: true,
  params: z.strictObject({}),
  data: z.object({ event: z.literal('ready'), data: z.null() }),
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let aborted = false;
const streamModule: FeatureModule = {
  name: 'stream-probe',
  routes: () => [
    streamRoute(
      countStream,
      async ({ params, user }) => {
        if (params.n === 0) throw new AppError('没有可数的');
        return async (events) => {
          for (let i = 1; i <= params.n; i++) {
            events.send('step', { n: i });
            await pause(120);
          }
          if (params.fail) throw new AppError('数不下去了');
          events.send('done', { username: user.username });
        };
      },
      { heartbeatMs: 25 },
    ),
    streamRoute(
      waitStream,
      async () => async (events, signal) => {
        events.send('ready', null);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        aborted = signal.aborted;
      },
      { heartbeatMs: 25 },
    ),
  ],
};

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [probeModule, streamModule] });
  token = (await t.call<{ token: string }>(createProbe, { username: 'stream_1', age: 20 })).data.token;
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => t?.close());

/** A GET over a real connection; resolves with the response once headers arrive. */
function open(path: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `${path}?${qs}` }, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
}
async function readAll(res: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return text;
}
/** The stream's events in order, and how many heartbeat comments came between them. */
function parse(text: string) {
  const blocks = text.split('\n\n').filter(Boolean);
  const events = blocks
    .filter((b) => b.startsWith('event: '))
    .map((b) => {
      const [name, data] = b.split('\n');
      return { event: name!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as unknown };
    });
  return { events, pings: blocks.filter((b) => b === ': ping').length, blocks };
}

describe('event stream routes', () => {
  it('answer text/event-stream with the events in order, heartbeats between them, token from the query', async () => {
    const { res } = await open(countStream.path, { n: 3, token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toContain('no-cache');
    const { events, pings, blocks } = parse(await readAll(res));
    expect(events).toEqual([
      { event: 'step', data: { n: 1 } },
      { event: 'step', data: { n: 2 } },
      { event: 'step', data: { n: 3 } },
      { event: 'done', data: { username: 'stream_1' } },
    ]);
    // ~360 ms of events at a 25 ms heartbeat: far more pings than the one sent on opening.
    expect(pings).toBeGreaterThan(3);
    expect(blocks.indexOf(': ping')).toBe(0);
    const between = blocks.slice(
      blocks.findIndex((b) => b.includes('"n":1')),
      blocks.findIndex((b) => b.includes('"n":2')),
    );
    expect(between).toContain(': ping');
  });

  it('propagate a client that leaves to the handler’s AbortSignal', async () => {
    aborted = false;
    const { req, res } = await open(waitStream.path, { token });
    let seen = '';
    await new Promise<void>((resolve) =>
      res.on('data', (c) => {
        seen += String(c);
        if (seen.includes('event: ready')) resolve();
      }),
    );
    expect(aborted).toBe(false);
    req.destroy();
    await waitFor('the handler’s signal to abort', () => Promise.resolve(aborted), 10_000, 20);
  });

  it('refuse a missing or bad token with code 100, before any stream opens', async () => {
    for (const query of [{ n: 2 }, { n: 2, token: 'x'.repeat(43) }, { n: 2, token: '' }] as Record<
      string,
      string | number
    >[]) {
      const { res } = await open(countStream.path, query);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(await readAll(res))).toEqual({ code: 100, msg: protocolMessages.login, data: null });
    }
  });

  it('answer bad params and the handler’s own refusals before the stream with code 1', async () => {
    const bad = await open(countStream.path, { n: 'many', token });
    expect(JSON.parse(await readAll(bad.res))).toMatchObject({
      code: 1,
      msg: expect.stringContaining('参数 n') as unknown,
    });
    const refused = await open(countStream.path, { n: 0, token });
    expect(JSON.parse(await readAll(refused.res))).toEqual({ code: 1, msg: '没有可数的', data: null });
  });

  it('end with an error event when the handler fails once the stream is open', async () => {
    const { res } = await open(countStream.path, { n: 1, fail: 1, token });
    expect(parse(await readAll(res)).events).toEqual([
      { event: 'step', data: { n: 1 } },
      { event: 'error', data: { code: 1, msg: '数不下去了' } },
    ]);
  });

  it('take the token from the x-token header too', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `${countStream.path}?n=1`, headers: { 'x-token': token } }, resolve)
        .on('error', reject);
    });
    expect(parse(await readAll(res)).events.at(-1)).toEqual({ event: 'done', data: { username: 'stream_1' } });
  });
});
