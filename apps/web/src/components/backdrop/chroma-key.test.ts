import { describe, expect, it } from 'vitest';
import { keyOutScreen } from './chroma-key';

const pixels = (...rgb: [number, number, number][]) =>
  new Uint8ClampedArray(rgb.flatMap(([r, g, b]) => [r, g, b, 255]));

describe('keyOutScreen', () => {
  it('makes the green screen transparent and keeps skin, white and dark pixels', () => {
    const data = pixels([0, 177, 64], [230, 180, 150], [255, 255, 255], [20, 20, 20]);
    keyOutScreen(data, 'green');
    expect(data[3]).toBe(0);
    expect([data[7], data[11], data[15]]).toEqual([255, 255, 255]);
  });

  it('fades the edge and tones down the spill', () => {
    const data = pixels([100, 144, 100]);
    keyOutScreen(data, 'green');
    expect(data[3]).toBeGreaterThan(0);
    expect(data[3]).toBeLessThan(255);
    expect(data[1]).toBe(100);
  });

  it('keys blue on a blue screen, not green', () => {
    const data = pixels([0, 71, 187], [0, 177, 64]);
    keyOutScreen(data, 'blue');
    expect(data[3]).toBe(0);
    expect(data[7]).toBe(255);
  });
});
