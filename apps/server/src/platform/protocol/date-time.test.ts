import { describe, expect, it, vi } from 'vitest';
import { addDays, endOfDay, formatDateTime, startOfDay } from './date-time.js';

// A zone eight hours east of UTC, set before any date is made, so server time and UTC differ here.
vi.stubEnv('TZ', 'Asia/Shanghai');

describe('reply dates', () => {
  it('show a moment in the server time zone, not UTC', () => {
    expect(formatDateTime(new Date('2026-01-31T18:04:05Z'))).toBe('2026-02-01 02:04:05');
  });

  it('bound a day by the server time zone’s midnights', () => {
    expect(startOfDay('2026-02-01').toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(endOfDay('2026-02-28').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(addDays(new Date('2026-01-01T00:00:00Z'), 2).toISOString()).toBe('2026-01-03T00:00:00.000Z');
  });
});
