import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import {
  accountMessages,
  DEFAULT_SIGN_SECRET,
  getCredits,
  protocolMessages,
  redeemCode,
  signaturePayload,
} from '@app/contract';
import { md5 } from 'js-md5';
import { ApiError, call } from './api';
import { connectFeedback } from './feedback';

interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[] = [];
let replies: unknown[] = [];
let store: Map<string, string>;
const location = { hash: '' };
const toasts: { kind: string; content: unknown }[] = [];

beforeEach(() => {
  sent = [];
  replies = [];
  toasts.length = 0;
  store = new Map();
  location.hash = '';
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', { location });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(
      new Response(JSON.stringify(replies.shift()), { headers: { 'content-type': 'application/json' } }),
    );
  });
  // Records what antd's message API is asked to show.
  const record = (kind: string) => (arg: unknown) => {
    toasts.push({ kind, content: typeof arg === 'object' && arg !== null && 'content' in arg ? arg.content : arg });
    return Promise.resolve(true);
  };
  // Replies here carry only the fields each test needs; the client warns about the rest.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  connectFeedback({
    error: record('error'),
    success: record('success'),
    info: record('info'),
    warning: record('warning'),
  } as unknown as MessageInstance);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('API client', () => {
  it('signs the call and sends x-token from local storage', async () => {
    store.set('token', 'tok-123');
    replies.push({ code: 0, msg: '', data: { credits: 5 } });
    await call(getCredits, {});
    const [req] = sent;
    expect(req?.url.startsWith('/api/user/credits?')).toBe(true);
    expect((req?.init.headers as Record<string, string>)['x-token']).toBe('tok-123');
    const params = Object.fromEntries(new URLSearchParams(req?.url.split('?')[1]));
    const { sign, ...rest } = params;
    expect(sign).toBe(md5(signaturePayload(rest, DEFAULT_SIGN_SECRET)));
    expect(req?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('gives every signed write a fresh signed nonce, so two identical writes in one second differ; reads get none', async () => {
    store.set('token', 'tok-123');
    replies.push({ code: 0, msg: '', data: null }, { code: 0, msg: '', data: null }, { code: 0, msg: '', data: null });
    await call(redeemCode, { code: 'SAME' });
    await call(redeemCode, { code: 'SAME' });
    await call(getCredits, {});
    const bodies = sent.slice(0, 2).map((r) => Object.fromEntries(new URLSearchParams(String(r.init.body))));
    for (const { sign, ...rest } of bodies) {
      expect(rest.nonce).toMatch(/^[0-9a-f]{16}$/);
      expect(sign).toBe(md5(signaturePayload(rest, DEFAULT_SIGN_SECRET)));
    }
    expect(bodies[0]?.nonce).not.toBe(bodies[1]?.nonce);
    expect(bodies[0]?.sign).not.toBe(bodies[1]?.sign);
    expect(new URLSearchParams(sent[2]?.url.split('?')[1]).has('nonce')).toBe(false);
  });

  it('code 100 clears the token and goes to /login with the current hash route as redirectUrl', async () => {
    store.set('token', 'tok-expired');
    location.hash = '#/consum?tab=log';
    replies.push({ code: 100, msg: protocolMessages.login, data: null });
    const result = call(getCredits, {});
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await expect(result).rejects.toMatchObject({ code: 100, message: protocolMessages.login });
    expect(store.has('token')).toBe(false);
    expect(location.hash).toBe(`#/login?redirectUrl=${encodeURIComponent('/consum?tab=log')}`);
    expect(toasts).toEqual([]);
  });

  it('code 1 shows message.error with the reply msg and rejects', async () => {
    store.set('token', 'tok-1');
    location.hash = '#/consum';
    replies.push({ code: 1, msg: '兑换码不存在', data: null });
    await expect(call(redeemCode, { code: 'NOPE' })).rejects.toMatchObject({ code: 1, message: '兑换码不存在' });
    expect(toasts).toEqual([{ kind: 'error', content: '兑换码不存在' }]);
    // The session is kept and the page stays where it is.
    expect(store.get('token')).toBe('tok-1');
    expect(location.hash).toBe('#/consum');
    const body = new URLSearchParams(sent[0]?.init.body as string);
    expect(body.get('code')).toBe('NOPE');
    expect((sent[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('a quiet call leaves code 1 to its caller without a toast', async () => {
    replies.push({ code: 1, msg: '兑换码已被使用', data: null });
    await expect(call(redeemCode, { code: 'USED' }, { quiet: true })).rejects.toMatchObject({ code: 1 });
    expect(toasts).toEqual([]);
  });

  it('shows the success message where asked', async () => {
    store.set('token', 'tok-2');
    replies.push({ code: 0, msg: accountMessages.redeemed, data: { credits: 100 } });
    await call(redeemCode, { code: 'GOOD' }, { success: true });
    expect(toasts).toEqual([{ kind: 'success', content: accountMessages.redeemed }]);
  });
});
