import { describe, expect, it } from 'vitest';
import { VOICE_POLL_MS } from '@app/contract';
import { voicePollInterval } from './voice-queries';

describe('voice list polling', () => {
  it('polls own voices every 10 s while some are cloning, and stops at 0', () => {
    expect(voicePollInterval(1, 2)).toBe(VOICE_POLL_MS);
    expect(VOICE_POLL_MS).toBe(10_000);
    expect(voicePollInterval(1, 0)).toBe(false);
    expect(voicePollInterval(1, undefined)).toBe(false);
  });

  it('never polls the public list', () => {
    expect(voicePollInterval(2, 5)).toBe(false);
  });
});
