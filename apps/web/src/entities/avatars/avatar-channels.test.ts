import { describe, expect, it } from 'vitest';
import { usableFirst, videoChannelParams } from './avatar-channels';

const channel = (api: string, unusable = '') => ({ api, unusable });

describe('an avatar’s channels', () => {
  it('asks for the avatar’s reasons only when an avatar is named', () => {
    expect(videoChannelParams(12)).toEqual({ video_id: 12 });
    expect(videoChannelParams(null)).toEqual({});
  });

  it('lists the usable channels first, each group in the product’s order', () => {
    const list = [channel('local'), channel('gj', '此通道训练要求视频时长在30秒-300秒之间'), channel('ou'), channel('lipsync', '没有人脸')];
    expect(usableFirst(list).map((c) => c.api)).toEqual(['local', 'ou', 'gj', 'lipsync']);
    expect(usableFirst([channel('a'), channel('b')]).map((c) => c.api)).toEqual(['a', 'b']);
  });
});
