/**
 * Translating transcript segments through the text model: one request per batch of segments, each
 * line tagged with its id ("[12] …") so none is lost or merged. A batch whose reply does not carry
 * exactly its ids is asked again; after that its segments are translated one by one.
 */

export interface SegmentText {
  id: number;
  text: string;
}

export interface LineTranslator {
  translate(text: string, source: string, target: string, signal?: AbortSignal): Promise<string>;
}

export interface BatchOptions {
  /** Language names as the model is told them (中文, 英语…). */
  source: string;
  target: string;
  batchSize?: number;
  /** Extra attempts of a batch whose reply came back with missing, extra or merged lines. */
  retries?: number;
  signal?: AbortSignal;
  /** Ids translated already (a resumed job): their batches are not sent again. */
  done?: ReadonlyMap<number, string>;
  /** Called after each batch, to store its lines before the next one is sent. */
  onBatch?: (lines: Map<number, string>) => Promise<void>;
}

export const batchText = (batch: SegmentText[]) => batch.map((s) => `[${s.id}] ${s.text.replace(/\s*\n\s*/g, ' ')}`).join('\n');

/** The reply's lines by id; null unless it holds exactly the batch's ids, each once and non-empty. */
export function parseBatchReply(reply: string, batch: SegmentText[]): Map<number, string> | null {
  const out = new Map<number, string>();
  let current: number | null = null;
  for (const raw of reply.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^[[【](\d+)[\]】]\s*(.*)$/.exec(line);
    if (m) {
      current = Number(m[1]);
      if (out.has(current)) return null;
      out.set(current, m[2]!.trim());
    } else if (current !== null) {
      // A translation the model wrapped onto a second line still belongs to its id.
      out.set(current, `${out.get(current)} ${line}`.trim());
    }
  }
  if (out.size !== batch.length) return null;
  for (const s of batch) if (!out.get(s.id)) return null;
  return out;
}

export async function translateSegments(
  model: LineTranslator,
  segments: SegmentText[],
  o: BatchOptions,
): Promise<{ lines: Map<number, string>; requests: number; retried: number }> {
  const size = Math.max(1, o.batchSize ?? 20);
  const lines = new Map<number, string>(o.done ?? []);
  let requests = 0;
  let retried = 0;
  const todo = segments.filter((s) => !lines.has(s.id));
  for (let i = 0; i < todo.length; i += size) {
    const batch = todo.slice(i, i + size);
    let got: Map<number, string> | null = null;
    for (let attempt = 0; attempt <= (o.retries ?? 2) && !got; attempt++) {
      if (attempt > 0) retried++;
      requests++;
      got = parseBatchReply(await model.translate(batchText(batch), o.source, o.target, o.signal), batch);
    }
    if (!got) {
      got = new Map();
      for (const s of batch) {
        requests++;
        got.set(s.id, (await model.translate(s.text, o.source, o.target, o.signal)).replace(/^[[【]\d+[\]】]\s*/, '').trim());
      }
    }
    for (const [id, text] of got) lines.set(id, text);
    await o.onBatch?.(got);
  }
  return { lines, requests, retried };
}
