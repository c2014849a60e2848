import { describe, expect, it } from 'vitest';
import { keyOfPictureUrl } from './pictures.js';

describe('picture URLs a client sends', () => {
  it('name the storage key of an upload or a sample, signed or not', () => {
    expect(keyOfPictureUrl('http://127.0.0.1:8080/files/users/7/image/a.png?expires=1&sig=x')).toBe(
      'users/7/image/a.png',
    );
    expect(keyOfPictureUrl('/files/public/ai-media/sample-1.jpg')).toBe('public/ai-media/sample-1.jpg');
    expect(keyOfPictureUrl('https://bucket.oss-cn-hangzhou.aliyuncs.com/users/7/image/%E5%9B%BE.jpg')).toBe(
      'users/7/image/图.jpg',
    );
  });

  it('refuse anything else; dot segments resolve to the key they really name', () => {
    expect(keyOfPictureUrl('https://evil.example.com/x.png')).toBeNull();
    // Dot segments resolve before the key is read: this names user 8's picture, which user 7's order refuses.
    expect(keyOfPictureUrl('/files/users/7/image/%2E%2E/%2E%2E/8/image/a.png')).toBe('users/8/image/a.png');
    expect(keyOfPictureUrl('')).toBeNull();
  });
});
