import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { DataOf, Endpoint } from '@app/contract';
import { protocolMessages } from '@app/contract';
import { AppError } from '../errors.js';

/** One server-sent event: its name and its JSON data. A stream endpoint's `data` is the union of its events. */
export interface StreamEvent {
  event: string;
  data: unknown;
}
export type EventsOf<E extends Endpoint> = Extract<DataOf<E>, StreamEvent>;

/** Writes `event:` / `data:` lines; once the stream has ended (the client left), writes are dropped. */
export interface EventWriter<V extends StreamEvent> {
  send<K extends V['event']>(event: K, data: Extract<V, { event: K }>['data']): void;
}

/** What runs once the stream is open; `signal` aborts when the client goes away or the server stops. */
export type StreamBody<E extends Endpoint> = (events: EventWriter<EventsOf<E>>, signal: AbortSignal) => Promise<void>;

/** Default gap between heartbeat comments: short enough for proxies that drop idle connections after 30–60 s. */
export const HEARTBEAT_MS = 15_000;

/**
 * Events written within this long of the stream's last write go out together in one write. A model
 * sends a delta every 20 ms or so; one socket write per delta made writing most of the server's work
 * with many answers streaming, and delayed the first bytes of the answers opening meanwhile. The
 * first event after a pause still goes out at once; a reader showing the text at a typewriter's
 * 30 ms a character does not see the batching.
 */
export const COALESCE_MS = 60;

const EVENT_NAME = /^[A-Za-z0-9_.-]+$/;
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;

/** The open streams by their stop functions: a stopping server ends them rather than wait for their clients. */
export type OpenStreams = Set<() => void>;

/**
 * Answers `text/event-stream` and runs `body`: a `: ping` comment every `heartbeatMs`, events as the
 * body writes them, and the end when it returns. A client that leaves aborts the body's signal. A
 * failure once the stream is open can no longer be an envelope: it arrives as an `error` event with
 * `{ code, msg }` before the end.
 */
export function openEventStream<E extends Endpoint>(
  reply: FastifyReply,
  body: StreamBody<E>,
  opts: { heartbeatMs: number; log: FastifyBaseLogger; open: OpenStreams },
): FastifyReply {
  const out = new PassThrough();
  const abort = new AbortController();
  let pending = '';
  /** When an event last went out; heartbeats do not count, so an answer's first event never waits. */
  let lastEvent = -Infinity;
  /** Cancels the flush that is due, while one is. */
  let flushing: (() => void) | null = null;
  const flush = () => {
    flushing = null;
    // Only an event starts a wait, so whatever waited holds one.
    if (pending) lastEvent = performance.now();
    const text = pending;
    pending = '';
    if (text && !out.writableEnded && !out.destroyed) out.write(text);
  };
  const write = (text: string, event = true) => {
    if (out.writableEnded || out.destroyed) return;
    if (flushing) {
      pending += text;
      return;
    }
    // Nothing waiting: a heartbeat, or an event after a pause, goes out now; an event soon after
    // the last one waits for the rest of the batch.
    const wait = event ? lastEvent + COALESCE_MS - performance.now() : 0;
    if (wait <= 0) {
      if (event) lastEvent = performance.now();
      out.write(text);
      return;
    }
    pending = text;
    const timer = setTimeout(flush, wait);
    flushing = () => clearTimeout(timer);
  };
  const heartbeat = setInterval(() => write(': ping\n\n', false), opts.heartbeatMs);
  heartbeat.unref();
  function end() {
    clearInterval(heartbeat);
    opts.open.delete(stop);
    flushing?.();
    flush();
    if (!out.writableEnded) out.end();
  }
  function stop() {
    abort.abort();
    end();
  }
  opts.open.add(stop);
  // The response closes before it has finished only when the client has gone.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) stop();
  });

  const events: EventWriter<EventsOf<E>> = {
    send(event, data) {
      if (!EVENT_NAME.test(event)) throw new Error(`invalid event name: ${JSON.stringify(event)}`);
      write(frame(event, data));
    },
  };
  // Opens the stream at once (headers and a first heartbeat), so the client knows it is connected.
  write(': ping\n\n', false);
  void Promise.resolve()
    .then(() => body(events, abort.signal))
    .catch((err: unknown) => {
      if (abort.signal.aborted) return;
      if (err instanceof AppError) write(frame('error', { code: err.code, msg: err.message }));
      else {
        opts.log.error({ err }, 'event stream failed');
        write(frame('error', { code: 1, msg: protocolMessages.busy }));
      }
    })
    .finally(end);

  return reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(out);
}
