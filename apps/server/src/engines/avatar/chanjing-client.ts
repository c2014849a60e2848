import type { z } from 'zod';
import {
  CHANJING_CODE,
  chanjingCodeError,
  chanjingReplySchema,
  chanjingTokenSchema,
  chanjingTransportError,
  chanjingVideoIdSchema,
  chanjingVideoSchema,
  chanjingPersonListSchema,
  chanjingPersonSchema,
  type ChanjingCreatePerson,
  type ChanjingCreateVideo,
  type ChanjingPerson,
  type ChanjingVideo,
} from './chanjing-api.js';
import { AvatarEngineError } from './types.js';
import { defaultHttpPolicy, requestJson, type HttpPolicy } from './vendor-http.js';

export interface ChanjingClientConfig {
  /** https://open-api.chanjing.cc */
  baseUrl: string;
  appId: string;
  secretKey: string;
  http?: Partial<HttpPolicy>;
  /** Refresh this long before the stated expiry (default 5 min). */
  tokenMarginMs?: number;
  now?: () => number;
}

/** Talks to the 蝉镜 open API: token cached until expiry, refreshed once on an auth error. */
export class ChanjingClient {
  private token?: { value: string; expiresAt: number };
  private pending?: Promise<string>;
  readonly http: HttpPolicy;

  constructor(private readonly config: ChanjingClientConfig) {
    this.http = { ...defaultHttpPolicy, ...config.http };
  }

  private url(path: string): string {
    return new URL(path, this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`).toString();
  }

  private now(): number {
    return this.config.now?.() ?? Date.now();
  }

  private async post(path: string, json: unknown, headers: Record<string, string>, signal?: AbortSignal) {
    return this.send({ method: 'POST', url: this.url(path), json, headers, signal });
  }

  private async send(req: Parameters<typeof requestJson>[0]) {
    let body: unknown;
    try {
      body = await requestJson(req, this.http);
    } catch (e) {
      throw chanjingTransportError(e);
    }
    const reply = chanjingReplySchema.safeParse(body);
    if (!reply.success) throw new AvatarEngineError('chanjingUnexpected', undefined, true);
    return reply.data;
  }

  /** A valid access token; concurrent callers share one refresh (a new token voids the old one). */
  accessToken(signal?: AbortSignal): Promise<string> {
    const margin = this.config.tokenMarginMs ?? 5 * 60_000;
    if (this.token && this.now() < this.token.expiresAt - margin) return Promise.resolve(this.token.value);
    this.pending ??= this.fetchToken(signal).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const reply = await this.post('open/v1/access_token', { app_id: this.config.appId, secret_key: this.config.secretKey }, {}, signal);
    if (reply.code !== CHANJING_CODE.ok) throw new AvatarEngineError('chanjingAuth', undefined, false);
    const data = chanjingTokenSchema.safeParse(reply.data);
    if (!data.success) throw new AvatarEngineError('chanjingUnexpected', undefined, true);
    this.token = { value: data.data.access_token, expiresAt: data.data.expire_in * 1000 };
    return this.token.value;
  }

  /** An authenticated call returning `data`; one token refresh and retry on 10400. */
  async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, json?: unknown, signal?: AbortSignal): Promise<z.infer<T>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(signal);
      const reply = await this.send({ method, url: this.url(path), json, headers: { access_token: token }, signal });
      if (reply.code === CHANJING_CODE.tokenInvalid && attempt === 0) {
        if (this.token?.value === token) this.token = undefined;
        continue;
      }
      if (reply.code !== CHANJING_CODE.ok) throw chanjingCodeError(reply);
      const data = schema.safeParse(reply.data);
      if (!data.success) throw new AvatarEngineError('chanjingUnexpected', undefined, true);
      return data.data;
    }
  }

  /** Creates a talking-avatar video task and returns its id. */
  async createVideo(body: ChanjingCreateVideo, signal?: AbortSignal): Promise<string> {
    return this.call('POST', 'open/v1/create_video', chanjingVideoIdSchema, body, signal);
  }

  async getVideo(id: string, signal?: AbortSignal): Promise<ChanjingVideo> {
    return this.call('GET', `open/v1/video?id=${encodeURIComponent(id)}`, chanjingVideoSchema, undefined, signal);
  }

  /** Starts training a customised person from a video URL; returns the person id. */
  async createPerson(body: ChanjingCreatePerson, signal?: AbortSignal): Promise<string> {
    return this.call('POST', 'open/v1/create_customised_person', chanjingVideoIdSchema, body, signal);
  }

  async getPerson(id: string, signal?: AbortSignal): Promise<ChanjingPerson> {
    return this.call('GET', `open/v1/customised_person?id=${encodeURIComponent(id)}`, chanjingPersonSchema, undefined, signal);
  }

  /** One page of the account's customised persons (newest first). */
  async listPersons(page: number, pageSize: number, signal?: AbortSignal) {
    return this.call('POST', 'open/v1/list_customised_person', chanjingPersonListSchema, { page, page_size: pageSize }, signal);
  }
}
