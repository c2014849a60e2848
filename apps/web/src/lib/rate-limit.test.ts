import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle } from './rate-limit';

afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('lets one call through per window and drops the rest', () => {
    let clock = 0;
    const calls: number[] = [];
    const click = throttle((n: number) => calls.push(n), 1000, { now: () => clock });
    click(1);
    clock = 400;
    click(2);
    clock = 999;
    click(3);
    clock = 1000;
    click(4);
    expect(calls).toEqual([1, 4]);
  });
});

describe('throttle with trailing', () => {
  it('runs the last dropped call once the window ends', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const check = throttle((n: number) => calls.push(n), 100, { trailing: true });
    check(1);
    check(2);
    check(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 2]);
  });
});

describe('debounce', () => {
  it('runs once with the last arguments after the burst settles', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const choose = debounce((s: string) => calls.push(s), 500);
    choose('a');
    vi.advanceTimersByTime(300);
    choose('b');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['b']);
  });

  it('can be cancelled before it fires', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const choose = debounce((s: string) => calls.push(s), 500);
    choose('a');
    choose.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
