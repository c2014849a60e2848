import { afterEach, describe, expect, it, vi } from 'vitest';
import { installViewportFontSize, RESIZE_SETTLE_MS, rootFontSize } from './viewport';

function fakeWindow(width: number) {
  const listeners: (() => void)[] = [];
  return {
    innerWidth: width,
    document: { documentElement: { style: { fontSize: '' } } },
    addEventListener: (_: 'resize', l: () => void) => void listeners.push(l),
    removeEventListener: (_: 'resize', l: () => void) => void listeners.splice(listeners.indexOf(l), 1),
    setTimeout: (h: () => void, ms: number) => setTimeout(h, ms) as unknown as number,
    clearTimeout: (id: number) => clearTimeout(id),
    resize(next: number) {
      this.innerWidth = next;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('viewport font size', () => {
  it('is one tenth of the width', () => {
    expect(rootFontSize(1920)).toBe(192);
    expect(rootFontSize(375)).toBe(37.5);
  });

  it('applies at once and again 300 ms after the last resize', () => {
    vi.useFakeTimers();
    const win = fakeWindow(1280);
    const uninstall = installViewportFontSize(win);
    expect(win.document.documentElement.style.fontSize).toBe('128px');
    win.resize(1000);
    vi.advanceTimersByTime(RESIZE_SETTLE_MS - 1);
    win.resize(800);
    vi.advanceTimersByTime(RESIZE_SETTLE_MS - 1);
    expect(win.document.documentElement.style.fontSize).toBe('128px');
    vi.advanceTimersByTime(1);
    expect(win.document.documentElement.style.fontSize).toBe('80px');
    uninstall();
    expect(win.listeners).toHaveLength(0);
  });
});
