import { describe, expect, it } from 'vitest';
import { findShareLink } from '@app/contract';
import { isPublicAddress, LinkRefusal, parseWebUrl, resolvePublic } from './public-address.js';

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fdff::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::808:808',
    // IPv4-compatible (what a URL makes of [::127.0.0.1]), SIIT, 6to4 and Teredo forms of private addresses
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::ffff:0:7f00:1',
    '::ffff:7f00:1',
    '2002:7f00:1::1',
    '2002:a00:1:5::1',
    '2002:c0a8:101::',
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo client 127.0.0.1
    '2001:0:a00:1::1', // Teredo server 10.0.0.1
    'not-an-address',
  ])('%s is not public', (a) => expect(isPublicAddress(a)).toBe(false));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo client 8.8.8.8
  ])(
    '%s is public',
    (a) => expect(isPublicAddress(a)).toBe(true),
  );

  it('lets through only the exact addresses a test allows', () => {
    expect(isPublicAddress('127.0.0.2', { allowedAddresses: ['127.0.0.2'] })).toBe(true);
    expect(isPublicAddress('127.0.0.1', { allowedAddresses: ['127.0.0.2'] })).toBe(false);
  });

  it('refuses names that resolve to loopback, and literals in any spelling', async () => {
    await expect(resolvePublic('localhost')).rejects.toMatchObject({ reason: 'private' });
    await expect(resolvePublic('[::1]')).rejects.toMatchObject({ reason: 'private' });
    await expect(resolvePublic(new URL('http://[::127.0.0.1]:8080/').hostname)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolvePublic(new URL('http://[::ffff:169.254.169.254]/').hostname)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolvePublic(new URL('http://[2002:7f00:1::]/').hostname)).rejects.toMatchObject({ reason: 'private' });
    // WHATWG URL parsing turns 0x7f.1 and 2130706433 into 127.0.0.1 before the check.
    await expect(resolvePublic(new URL('http://0x7f.1/').hostname)).rejects.toBeInstanceOf(LinkRefusal);
    await expect(resolvePublic(new URL('http://2130706433/').hostname)).rejects.toBeInstanceOf(LinkRefusal);
  });

  it('accepts http and https links only, without credentials', () => {
    expect(() => parseWebUrl('ftp://example.com/a')).toThrow(LinkRefusal);
    expect(() => parseWebUrl('javascript:alert(1)')).toThrow(LinkRefusal);
    expect(() => parseWebUrl('http://a:b@example.com/')).toThrow(LinkRefusal);
    expect(parseWebUrl('https://v.douyin.com/abc/').hostname).toBe('v.douyin.com');
  });
});

describe('share texts', () => {
  it('finds the link in a pasted share text', () => {
    expect(
      findShareLink(
        '7.94 复制打开抖音，看看【某某的作品】春天来了 # 樱花 https://v.douyin.com/iRNBho6u/ 复制此链接，打开Dou音搜索，直接观看视频！',
      ),
    ).toBe('https://v.douyin.com/iRNBho6u/');
    expect(findShareLink('看看https://www.example.com/v/1。')).toBe('https://www.example.com/v/1');
    expect(findShareLink('链接：http://b23.tv/abc，快看')).toBe('http://b23.tv/abc');
    expect(findShareLink('没有链接')).toBeNull();
  });
});
