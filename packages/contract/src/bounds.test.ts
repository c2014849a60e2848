import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.js';
import type { Endpoint } from './endpoint.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'params' in v && 'method' in v;
const endpoints = Object.entries(contract as Record<string, unknown>).flatMap(([name, v]) =>
  isEndpoint(v) ? [[name, v] as const] : [],
);

/** Every number a parsed value holds, however deep (lists of ids included). */
function numbersIn(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.flatMap(numbersIn);
  if (v && typeof v === 'object') return Object.values(v).flatMap(numbersIn);
  return [];
}

// A PostgreSQL integer column holds −2³¹ … 2³¹−1: a param that lets a bigger number through ends as a
// database error instead of a refusal naming the field.
const INT_MAX = 2147483647;
const INT_MIN = -2147483648;
/** Params kept in 64-bit columns: a file's size in bytes. */
const BIGINT_PARAMS = new Set(['completeUpload.size']);

describe('every param the contract accepts fits the database', () => {
  it('finds the endpoints', () => expect(endpoints.length).toBeGreaterThan(100));

  it.each(['2147483648', '-2147483649', '99999999999', '1,2147483648', '9007199254740993'])(
    'no param lets %s through as a number out of the integer range',
    (sent) => {
      const through: string[] = [];
      for (const [name, ep] of endpoints)
        for (const [key, field] of Object.entries(ep.params.shape as Record<string, z.ZodType>)) {
          const r = field.safeParse(sent);
          if (!BIGINT_PARAMS.has(`${name}.${key}`) && r.success && numbersIn(r.data).some((n) => n > INT_MAX || n < INT_MIN)) through.push(`${name}.${key}`);
        }
      expect(through).toEqual([]);
    },
  );

  it('a list of ids is refused with a message naming what is wrong', () => {
    const field = contract.cozeDraft.params.shape.video_ids;
    expect(field.safeParse('12, 15').data).toEqual([12, 15]);
    expect(field.safeParse('').data).toBeUndefined();
    expect(field.safeParse('1,2147483648').error?.issues[0]?.message).toBe('编号超出范围');
    expect(field.safeParse('1;2').error?.issues[0]?.message).toBe('必须是以逗号分隔的编号');
    expect(field.safeParse('0').error?.issues[0]?.message).toBe('编号不能小于1');
  });
});
