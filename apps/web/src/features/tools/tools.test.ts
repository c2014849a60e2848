import { describe, expect, it } from 'vitest';
import { STORE_TOOL_KEYS } from '@app/contract';
import { isToolAvailable, TOOL_GROUPS, TOOL_TILES } from './tools';

describe('launcher tiles', () => {
  it('has one tile per tool, each in one of the spec\u2019s four groups', () => {
    expect(TOOL_TILES.map((t) => t.key).sort()).toEqual([...STORE_TOOL_KEYS].sort());
    expect(TOOL_TILES.every((t) => TOOL_GROUPS.includes(t.group))).toBe(true);
    expect(new Set(TOOL_TILES.map((t) => t.group))).toEqual(new Set(TOOL_GROUPS));
  });

  it('leads somewhere only when switched on and built here', () => {
    const tile = (key: string) => TOOL_TILES.find((t) => t.key === key)!;
    expect(isToolAvailable(tile('extraction'), ['extraction'])).toBe(true);
    expect(isToolAvailable(tile('extraction'), [])).toBe(false);
    expect(isToolAvailable(tile('imageSpeak'), ['imageSpeak'])).toBe(true);
    // Switched on by the operator, but this build has no page for it: still coming soon.
    expect(isToolAvailable(tile('music'), ['music'])).toBe(false);
  });
});
