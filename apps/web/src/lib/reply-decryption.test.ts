import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptReplyData } from './reply-decryption';

describe('decryptReplyData', () => {
  it('decodes base64 AES-256-CBC JSON as the server sends it', async () => {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const payload = { credits: 100, username: '测试用户' };
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]).toString('base64');
    await expect(decryptReplyData(data, key.toString('hex'), iv.toString('hex'))).resolves.toEqual(payload);
  });
});
