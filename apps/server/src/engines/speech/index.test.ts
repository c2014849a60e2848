import { describe, expect, it } from 'vitest';
import { CHANNEL_CAPABILITIES, createSpeechChannels, speechEnvSchema, SpeechError } from './index.js';
import { speechMessages } from './messages.js';

const dataDir = '/tmp/speech-index-test';

describe('speech channels', () => {
  it('follows document 2 §5 for the studio controls', () => {
    expect(CHANNEL_CAPABILITIES.nw.rate).toBe(false);
    expect([CHANNEL_CAPABILITIES.fish.volume, CHANNEL_CAPABILITIES.fish.pitch, CHANNEL_CAPABILITIES.nw.volume]).toEqual([false, false, false]);
    expect([CHANNEL_CAPABILITIES.fish.pauseTags, CHANNEL_CAPABILITIES.nw.pauseTags, CHANNEL_CAPABILITIES.hs.pauseTags]).toEqual([false, false, true]);
    const lang = (['fish', 'hs', 'xf', 'nw', 'mm', 'kyy'] as const).filter((c) => CHANNEL_CAPABILITIES[c].language);
    const emotion = (['fish', 'hs', 'xf', 'nw', 'mm', 'kyy'] as const).filter((c) => CHANNEL_CAPABILITIES[c].emotion);
    expect(lang).toEqual(['hs', 'nw', 'mm', 'kyy']);
    expect(emotion).toEqual(['mm', 'kyy']);
  });

  it('says an unconfigured channel is not set up instead of faking audio', async () => {
    const channels = createSpeechChannels(speechEnvSchema.parse({}), { dataDir });
    expect(channels.isConfigured('fish')).toBe(false);
    expect(channels.isConfigured('local')).toBe(true);
    const err = (() => {
      try {
        return channels.forChannel('mm');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).message).toBe(speechMessages.notConfigured);
  });

  it('maps a channel to the engine the environment names and intersects the controls', () => {
    const env = speechEnvSchema.parse({ SPEECH_CHANNEL_FISH: 'local', SPEECH_MINIMAX_KEY: 'k' });
    const channels = createSpeechChannels(env, { dataDir });
    expect(channels.forChannel('fish').id).toBe('local');
    expect(channels.capabilities('fish')).toMatchObject({ rate: true, volume: false, pauseTags: false });
    expect(channels.forChannel('mm').id).toBe('minimax');
    expect(channels.capabilities('mm')).toMatchObject({ emotion: true, language: true });
  });
});
