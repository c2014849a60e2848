import { describe, expect, it } from 'vitest';
import { parseStudioEntry } from './query-params';

const parse = (q: string) => parseStudioEntry(new URLSearchParams(q));

describe('studio query params', () => {
  it('defaults to portrait and nothing chosen', () => {
    expect(parse('')).toEqual({
      avatarId: null,
      avatarTab: null,
      orientation: 2,
      materialAudioId: null,
      handover: false,
    });
  });

  it('reads an actor with its orientation', () => {
    expect(parse('id=7&hs=1')).toMatchObject({ avatarId: 7, orientation: 1 });
  });

  it('reads the material library, audio hand-over and text hand-over', () => {
    expect(parse('id=3&source=3').avatarTab).toBe('3');
    expect(parse('origin=audio&audioId=12').materialAudioId).toBe(12);
    expect(parse('audioId=12').materialAudioId).toBeNull();
    expect(parse('type=fk').handover).toBe(true);
  });

  it('ignores ids that are not positive integers', () => {
    expect(parse('id=abc').avatarId).toBeNull();
    expect(parse('id=-2').avatarId).toBeNull();
  });
});
