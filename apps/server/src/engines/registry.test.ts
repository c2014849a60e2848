import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createEngines } from './index.js';
import { channelRegistry } from './registry.js';
import { SpeechError } from './speech/index.js';
import { TEXT_CHANNEL, TextModelError } from './text/index.js';

const publicUrl = () => Promise.resolve('https://files.example/x');

describe('channel registry', () => {
  const registry = channelRegistry<{ id: string }>({
    channels: ['a', 'b', 'c'],
    engineOf: (channel) => (channel === 'c' ? undefined : { id: 'shared' }),
    idOf: (engine) => engine.id,
    unavailable: (channel) => new Error(`no engine for ${channel}`),
  });

  it('lists every channel with whether an engine stands behind it', () => {
    expect(registry.channels()).toEqual([
      { channel: 'a', available: true },
      { channel: 'b', available: true },
      { channel: 'c', available: false },
    ]);
  });

  it("refuses an unconfigured or unknown channel with the capability's own error", () => {
    expect(() => registry.forChannel('c')).toThrow('no engine for c');
    expect(() => registry.forChannel('zz')).toThrow('no engine for zz');
    expect([registry.isConfigured('a'), registry.isConfigured('c'), registry.isConfigured('zz')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('names the engine behind a channel, so channels on one engine share its slots', () => {
    expect([registry.engineId('a'), registry.engineId('b'), registry.engineId('c')]).toEqual([
      'shared',
      'shared',
      null,
    ]);
  });
});

describe('engines built from configuration', () => {
  it('builds speech, avatar video and text once, each refusing its unconfigured channels clearly', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/engines-test', TEXT_MODEL_URL: '' });
    const engines = createEngines(config, { publicUrl });
    expect(engines.speech.forChannel('local').id).toBe('local');
    expect(() => engines.speech.forChannel('mm')).toThrow(SpeechError);
    expect(engines.avatar.engineId('local')).toBe('local');
    expect(
      engines.avatar
        .channels()
        .filter((c) => c.available)
        .map((c) => c.channel),
    ).toEqual(['local', 'lipsync']);
    expect(engines.text.isConfigured(TEXT_CHANNEL)).toBe(false);
    expect(() => engines.text.forChannel(TEXT_CHANNEL)).toThrow(TextModelError);
    expect(() => engines.text.forChannel(TEXT_CHANNEL)).toThrow('文本模型未配置，请联系管理员');
  });

  it('maps a configured text model to its channel', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/engines-test',
      TEXT_MODEL_URL: 'http://127.0.0.1:9/v1',
    });
    const engines = createEngines(config, { publicUrl });
    expect(engines.text.forChannel(TEXT_CHANNEL).configured).toBe(true);
    expect(engines.text.channels()).toEqual([{ channel: TEXT_CHANNEL, available: true }]);
  });
});
