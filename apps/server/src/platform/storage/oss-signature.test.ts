import { describe, expect, it } from 'vitest';
import { ossSign, ossStringToSign } from './oss-signature.js';
import { signOssPolicy } from './upload-policy.js';

describe('OSS V1 signature', () => {
  // The worked example of the OSS API reference ("Authorization header" page).
  const example = {
    method: 'PUT',
    bucket: 'oss-example',
    key: 'nelson',
    contentMd5: 'ODBGOERFMDMzQTczRUY3NUE3NzA5QzdFNUYzMDQxNEM=',
    contentType: 'text/html',
    date: 'Thu, 17 Nov 2005 18:49:58 GMT',
    headers: { 'X-OSS-Meta-Author': 'foo@bar.com', 'X-OSS-Magic': 'abracadabra' },
  };

  it('builds the string to sign of the published example', () => {
    expect(ossStringToSign(example)).toBe(
      'PUT\nODBGOERFMDMzQTczRUY3NUE3NzA5QzdFNUYzMDQxNEM=\ntext/html\nThu, 17 Nov 2005 18:49:58 GMT\nx-oss-magic:abracadabra\nx-oss-meta-author:foo@bar.com\n/oss-example/nelson',
    );
  });

  it('gives the published signature', () => {
    expect(ossSign('OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV', example)).toBe('26NBxoKdsyly4EDv6inkoDft/yA=');
  });

  it('gives the published signature of a signed URL (Expires in place of Date)', () => {
    const secret = 'OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV';
    expect(ossSign(secret, { method: 'GET', bucket: 'oss-example', key: 'oss-api.pdf', date: '1141889120' })).toBe(
      'EwaNTn1erJGkimiJ9WmXgwnANLc=',
    );
  });

  it('signs response overrides of a signed URL as sub-resources, and ignores other query params', () => {
    const s = ossStringToSign({
      method: 'GET',
      bucket: 'b',
      key: 'k.mp4',
      date: '1700000000',
      query: { 'response-content-disposition': 'attachment', foo: '1' },
    });
    expect(s.endsWith('/b/k.mp4?response-content-disposition=attachment')).toBe(true);
  });

  it('signs a PostObject policy as base64 HMAC-SHA1 of the base64 text', () => {
    expect(signOssPolicy('key', 'eyJhIjoxfQ==')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });
});
