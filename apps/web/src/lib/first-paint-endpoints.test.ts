import { describe, expect, it } from 'vitest';
import * as contract from './first-paint-contract';
import { firstPaintCalls } from './first-paint-endpoints';

describe('first-paint endpoint references', () => {
  it('cover every endpoint of first-paint-contract.ts and say what it says', () => {
    expect(firstPaintCalls.map((r) => r.name).sort()).toEqual(Object.keys(contract).sort());
    for (const ref of firstPaintCalls) {
      const full = contract[ref.name];
      expect({ method: ref.method, path: ref.path, auth: ref.auth }).toEqual({
        method: full.method,
        path: full.path,
        auth: full.auth,
      });
    }
  });
});
