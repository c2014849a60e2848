import { describe, expect, it } from 'vitest';
import { isKnownDevice, KNOWN_DEVICE_DAYS, rememberDevice } from './known-device.js';

const secret = 'a-server-secret-of-some-length';
const now = Date.UTC(2026, 10, 25);

describe('known-device notes', () => {
  it('name the accounts that logged in from the browser, and only those', () => {
    const one = rememberDevice(secret, undefined, 7, now);
    expect(isKnownDevice(secret, one, 7, now)).toBe(true);
    expect(isKnownDevice(secret, one, 8, now)).toBe(false);
    const two = rememberDevice(secret, one, 8, now + 1000);
    expect(isKnownDevice(secret, two, 7, now + 2000)).toBe(true);
    expect(isKnownDevice(secret, two, 8, now + 2000)).toBe(true);
  });

  it('are refused when signed with another secret, altered, too old or garbled', () => {
    const note = rememberDevice(secret, undefined, 7, now);
    expect(isKnownDevice('another-secret-entirely', note, 7, now)).toBe(false);
    const [, stamp, mac] = note.split('.');
    expect(isKnownDevice(secret, `8.${stamp}.${mac}`, 8, now)).toBe(false);
    expect(isKnownDevice(secret, `7.${(now + 1).toString(36)}.${mac}`, 7, now + 5)).toBe(false);
    expect(isKnownDevice(secret, note, 7, now + (KNOWN_DEVICE_DAYS + 1) * 86_400_000)).toBe(false);
    for (const junk of ['', '~~~', 'x.y.z', '7..', '-1.a.b', 'a'.repeat(5000)])
      expect(isKnownDevice(secret, junk, 7, now)).toBe(false);
  });

  it('keep the five newest accounts, the latest login first', () => {
    let note: string | undefined;
    for (let id = 1; id <= 7; id++) note = rememberDevice(secret, note, id, now + id);
    expect(note!.split('~').map((e) => Number(e.split('.')[0]))).toEqual([7, 6, 5, 4, 3]);
    expect(isKnownDevice(secret, note, 2, now + 10)).toBe(false);
  });
});
