import { describe, expect, it } from 'vitest';
import { finishParamsOf, finishProblem } from './finish-store';
import { backdropText, musicText } from './messages';

const base = {
  kind: 'original' as const,
  color: '#1664ff',
  backdropFile: null,
  presenter: { x: 0.5, y: 0.6, scale: 0.8 },
  backdropBlocked: false,
  musicOn: false,
  music: null,
  musicVolume: 0.3,
};
const track = { fileId: 9, name: 'bgm.mp3', url: '/m.mp3', kind: 'audio' as const };
const picture = { fileId: 7, name: 'bg.png', url: '/b.png', kind: 'image' as const };

describe('finishParamsOf', () => {
  it('sends nothing while the original background and no music are chosen', () => {
    expect(finishParamsOf(base)).toEqual({});
  });

  it('sends a colour with the presenter’s place, and music with its level', () => {
    expect(finishParamsOf({ ...base, kind: 'color', musicOn: true, music: track })).toEqual({
      background_color: '#1664ff',
      presenter_x: 0.5,
      presenter_y: 0.6,
      presenter_scale: 0.8,
      music_id: 9,
      music_volume: 0.3,
    });
  });

  it('sends a picture by its file id, and no colour', () => {
    expect(finishParamsOf({ ...base, kind: 'file', backdropFile: picture })).toMatchObject({ background_id: 7 });
    expect(finishParamsOf({ ...base, kind: 'file', backdropFile: picture }).background_color).toBeUndefined();
  });

  it('never sends a backdrop for an avatar without a screen, but still the music', () => {
    expect(finishParamsOf({ ...base, kind: 'color', backdropBlocked: true, musicOn: true, music: track })).toEqual({
      music_id: 9,
      music_volume: 0.3,
    });
  });

  it('sends neither on a page that leaves them out (audio output)', () => {
    const all = { ...base, kind: 'color' as const, musicOn: true, music: track };
    expect(finishParamsOf(all, { backdrop: false, music: false })).toEqual({});
  });
});

describe('finishProblem', () => {
  it('asks for the picture or video, and for the track, once chosen to have them', () => {
    expect(finishProblem({ ...base, kind: 'file' })).toBe(backdropText.fileRequired);
    expect(finishProblem({ ...base, musicOn: true })).toBe(musicText.required);
    expect(finishProblem({ ...base, kind: 'file', backdropBlocked: true })).toBeNull();
    expect(finishProblem(base)).toBeNull();
  });
});
