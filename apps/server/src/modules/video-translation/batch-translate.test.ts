import { describe, expect, it } from 'vitest';
import { batchText, parseBatchReply, translateSegments, type LineTranslator } from './batch-translate.js';

const segs = Array.from({ length: 5 }, (_, id) => ({ id, text: `第${id}句` }));
const echo = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/第(\d+)句/, 'sentence $1'))
    .join('\n');

describe('batch translation', () => {
  it('sends one request per batch, ids kept', async () => {
    const sent: string[] = [];
    const model: LineTranslator = { translate: (t) => (sent.push(t), Promise.resolve(echo(t))) };
    const { lines, requests } = await translateSegments(model, segs, { source: '中文', target: '英语', batchSize: 3 });
    expect(requests).toBe(2);
    expect(sent[0]).toBe('[0] 第0句\n[1] 第1句\n[2] 第2句');
    expect([...lines]).toEqual(segs.map((s) => [s.id, `sentence ${s.id}`]));
  });

  it('retries a batch whose reply lost a segment, and falls back to one by one', async () => {
    let calls = 0;
    const lossy: LineTranslator = {
      translate: (t) => {
        calls++;
        // The first answer drops a line; the retry is whole.
        return Promise.resolve(calls === 1 ? echo(t).split('\n').slice(0, -1).join('\n') : echo(t));
      },
    };
    const r = await translateSegments(lossy, segs, { source: '中文', target: '英语', batchSize: 5 });
    expect(r.retried).toBe(1);
    expect(r.requests).toBe(2);
    expect(r.lines.size).toBe(5);

    const merged: LineTranslator = {
      // Always merges two lines into one: after the retries each segment is asked alone.
      translate: (t) => Promise.resolve(t.includes('\n') ? '[0] sentence 0 and 1' : echo(t)),
    };
    const m = await translateSegments(merged, segs.slice(0, 2), { source: '中文', target: '英语', retries: 1 });
    expect(m.requests).toBe(2 + 2);
    expect([...m.lines.values()]).toEqual(['sentence 0', 'sentence 1']);
  });

  it('skips ids already translated and stores each batch as it comes', async () => {
    const stored: number[][] = [];
    const model: LineTranslator = { translate: (t) => Promise.resolve(echo(t)) };
    const r = await translateSegments(model, segs, {
      source: '中文',
      target: '英语',
      batchSize: 2,
      done: new Map([
        [0, 'kept 0'],
        [1, 'kept 1'],
      ]),
      onBatch: (l) => (stored.push([...l.keys()]), Promise.resolve()),
    });
    expect(r.requests).toBe(2);
    expect(stored).toEqual([[2, 3], [4]]);
    expect(r.lines.get(0)).toBe('kept 0');
  });

  it('rejects replies with extra, duplicate or empty lines and joins wrapped lines', () => {
    const b = segs.slice(0, 2);
    expect(parseBatchReply('[0] a\n[1] b\n[2] c', b)).toBeNull();
    expect(parseBatchReply('[0] a\n[0] b', b)).toBeNull();
    expect(parseBatchReply('[0] a\n[1] ', b)).toBeNull();
    expect([...parseBatchReply('【0】 a\ncontinued\n[1] b', b)!]).toEqual([
      [0, 'a continued'],
      [1, 'b'],
    ]);
    expect(batchText([{ id: 7, text: 'x\ny' }])).toBe('[7] x y');
  });
});
