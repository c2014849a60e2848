import { describe, expect, it } from 'vitest';
import { commonMessages } from '@app/contract';
import { loadConfig } from '../../config.js';
import { confirmedSeconds } from './ffmpeg.js';
import { costLimits, costRefusal } from './cost-bounds.js';

const limits = { minFps: 10, maxPixelFrames: 20e9 };
const hd = { width: 1920, height: 1080 };

describe('the cost bounds of a video processed frame by frame', () => {
  it('refuses a video below the frame-rate floor, however short or small', () => {
    expect(costRefusal({ width: 640, height: 360, fps: 1 }, 1800, limits)).toBe(commonMessages.mediaFpsTooLow(10));
    expect(costRefusal({ width: 64, height: 64, fps: 9.9 }, 5, limits)).toBe(commonMessages.mediaFpsTooLow(10));
    // A stream whose rate ffprobe could not tell is no exception.
    expect(costRefusal({ width: 640, height: 360, fps: 0 }, 5, limits)).toBe(commonMessages.mediaFpsTooLow(10));
    expect(costRefusal({ width: 640, height: 360, fps: 10 }, 5, limits)).toBeNull();
  });

  it('counts width × height × seconds × max(frame rate, 25) against the ceiling', () => {
    // 1920 × 1080 × 25 a second: 6 minutes pass, 7 do not.
    expect(costRefusal({ ...hd, fps: 25 }, 360, limits)).toBeNull();
    expect(costRefusal({ ...hd, fps: 25 }, 420, limits)).toBe(commonMessages.mediaTooCostly);
    // A slower source costs as much as 25 frames a second; a faster one its own rate.
    expect(costRefusal({ ...hd, fps: 12 }, 420, limits)).toBe(commonMessages.mediaTooCostly);
    expect(costRefusal({ ...hd, fps: 60 }, 180, limits)).toBe(commonMessages.mediaTooCostly);
    expect(costRefusal({ ...hd, fps: 60 }, 150, limits)).toBeNull();
  });

  it('takes the configured bounds, with the lower ceiling for guests', () => {
    const config = loadConfig({
      MEDIA_MIN_FPS: '15',
      MEDIA_MAX_PIXEL_FRAMES: '3e9',
      MEDIA_MAX_PIXEL_FRAMES_GUEST: '1e9',
    });
    expect(costLimits(config, false)).toEqual({ minFps: 15, maxPixelFrames: 3e9 });
    expect(costLimits(config, true)).toEqual({ minFps: 15, maxPixelFrames: 1e9 });
    const clip = { width: 1280, height: 720, fps: 30 };
    expect(costRefusal(clip, 60, costLimits(config, false))).toBeNull();
    expect(costRefusal(clip, 60, costLimits(config, true))).toBe(commonMessages.mediaTooCostly);
  });
});

describe('the length a price is taken on', () => {
  it('keeps the header when the packets bear it out, else the packets', () => {
    expect(confirmedSeconds(20, 20.04)).toBe(20);
    expect(confirmedSeconds(20, 6.2)).toBe(6.2);
    expect(confirmedSeconds(5, 1800)).toBe(1800);
    expect(confirmedSeconds(20, 0)).toBe(20);
  });
});
