import { describe, expect, it } from 'vitest';
import { avatarEngineRegistryFor } from './testing/registry.js';
import {
  avatarEnginesConfigFromEnv,
  avatarEnvSchema,
  createAvatarEngines,
  parseChannelMap,
  videoChannelRule,
} from './index.js';
import { avatarSecondsRefusal } from '@app/contract';
import { avatarMessages } from './messages.js';
import { AvatarEngineError } from './types.js';

const publicUrl = () => Promise.resolve('https://files.example/x');

describe('avatar engine env and channels', () => {
  it('defaults to the offline channel only when nothing remote is configured', () => {
    const env = avatarEnvSchema.parse({});
    const registry = createAvatarEngines(avatarEnginesConfigFromEnv(env, { publicUrl }));
    expect(registry.availability()).toEqual([
      { channel: 'local', provider: 'local', available: true },
      { channel: 'lipsync', provider: 'lipsync', available: true },
      { channel: 'ou', provider: 'duix', available: false, reason: 'DUIX_BASE_URL is not set' },
      { channel: 'gj', provider: 'chanjing', available: false, reason: 'CHANJING_APP_ID / CHANJING_SECRET_KEY are not set' },
      { channel: 'df', provider: 'duix', available: false, reason: 'DUIX_BASE_URL is not set' },
      { channel: 'fy', provider: null, available: false, reason: 'no provider assigned' },
    ]);
    expect(registry.forChannel('local').id).toBe('local');
    expect(() => registry.forChannel('ou')).toThrow(avatarMessages.channelUnavailable);
    expect(() => registry.forChannel('nope')).toThrow(AvatarEngineError);
    expect(registry.channels().filter((c) => c.available)).toEqual([
      { channel: 'local', available: true },
      { channel: 'lipsync', available: true },
    ]);
    expect([registry.engineId('local'), registry.engineId('lipsync'), registry.engineId('ou')]).toEqual(['local', 'lipsync', null]);
  });

  it('builds Duix and 蝉镜 from env and routes channels to them', () => {
    const registry = avatarEngineRegistryFor({
      AVATAR_CHANNELS: 'local=local,ou=duix,gj=chanjing,df=,fy=chanjing',
      DUIX_BASE_URL: 'http://127.0.0.1:8383',
      DUIX_INPUT_MODE: 'shared',
      DUIX_SHARED_HOST_DIR: '/srv/duix',
      CHANJING_APP_ID: 'a',
      CHANJING_SECRET_KEY: 'b',
      CHANJING_POLL_INTERVAL_MS: '2000',
      DUIX_RESULT_BASE_URL: '',
    });
    expect(registry.forChannel('ou').id).toBe('duix');
    expect(registry.forChannel('ou').maxConcurrency).toBe(1);
    expect(registry.forChannel('gj').id).toBe('chanjing');
    expect(registry.forChannel('fy').id).toBe('chanjing');
    expect(registry.channels().find((c) => c.channel === 'df')?.available).toBe(false);
    expect(registry.engines().map((e) => e.id)).toEqual(['local', 'duix', 'chanjing']);
  });

  it('needs a shared directory for shared mode and a URL signer for URL mode', () => {
    const shared = avatarEnginesConfigFromEnv(avatarEnvSchema.parse({ DUIX_BASE_URL: 'http://h:8383', DUIX_INPUT_MODE: 'shared' }));
    expect(shared.duix).toBeUndefined();
    expect(shared.missing.duix).toMatch(/DUIX_SHARED_HOST_DIR/);
    const url = avatarEnginesConfigFromEnv(avatarEnvSchema.parse({ DUIX_BASE_URL: 'http://h:8383' }));
    expect(url.missing.duix).toMatch(/signer/);
  });

  it('rejects malformed env', () => {
    expect(() => avatarEnvSchema.parse({ DUIX_BASE_URL: 'not a url' })).toThrow();
    expect(() => parseChannelMap('xx=local')).toThrow(/unknown channel/);
    expect(() => parseChannelMap('ou=heygen')).toThrow(/unknown provider/);
  });

  it('applies the gj rule: avatar video of 30–300 s', () => {
    const gj = videoChannelRule('gj');
    expect(gj.avatarSeconds).toEqual({ min: 30, max: 300 });
    expect(avatarSecondsRefusal(gj.avatarSeconds, 12)).toBe(avatarMessages.channelGjDuration);
    expect(avatarSecondsRefusal(gj.avatarSeconds, 301)).toBe(avatarMessages.channelGjDuration);
    expect(avatarSecondsRefusal(gj.avatarSeconds, 30)).toBeNull();
    expect(avatarSecondsRefusal(gj.avatarSeconds, 300)).toBeNull();
    expect(videoChannelRule('ou').avatarSeconds).toBeNull();
    expect(avatarSecondsRefusal(videoChannelRule('ou').avatarSeconds, 12)).toBeNull();
  });
});
