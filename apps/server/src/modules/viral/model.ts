import type { z } from 'zod';
import { commonMessages, viralMessages as m } from '@app/contract';
import { TextModelError, type ChatTurn } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import { paidCall } from '../producing/index.js';
import { viralPrices } from './prices.js';

/** The viral tools use the chat assistant's default model. */
const MODEL = 'v3';

/** The longest a paid model call (with its one retry) may take. */
const MODEL_CALL_MS = 180_000;

/** One whole answer of the chat model (its stream read to the end; thinking left out). */
export async function complete(ctx: AppContext, turns: ChatTurn[], signal: AbortSignal): Promise<string> {
  try {
    const model = ctx.engines.chat.forChannel(MODEL);
    let out = '';
    for await (const d of model.stream(turns, signal)) if (d.kind === 'content') out += d.text;
    out = out.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
    if (!out) throw new TextModelError('empty_reply');
    return out;
  } catch (e) {
    if (e instanceof TextModelError) throw new AppError(e.message);
    throw e;
  }
}

/** The JSON object of an answer (a code fence or words around it are tolerated), checked against `schema`. */
export function parseAnswer<T extends z.ZodType>(answer: string, schema: T): z.output<T> {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) throw new AppError(m.structureBroken);
  let raw: unknown;
  try {
    raw = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new AppError(m.structureBroken);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError(m.structureBroken);
  return parsed.data;
}

/** The operator's price of one model call (the chat price of a question until set); refused while switched off. */
export async function modelPrice(ctx: AppContext): Promise<number> {
  return viralPrice(ctx, 'model');
}

/** One of the viral prices as the operator set it, read at the moment it is charged. */
export async function viralPrice(ctx: AppContext, api: 'model' | 'transcribe'): Promise<number> {
  const price = await viralPrices.of(ctx.database.db, ctx.config, api);
  if (!price?.enabled) throw new AppError(m.serviceOff);
  return price.credits;
}

/**
 * A model call paid like a chat question (the producer kit's inline call): the price is held first
 * (积分不足 refuses before the model is asked), and when `work` returns its record is written by
 * `record` in the transaction that keeps the price; when either throws, the hold comes back.
 */
export async function billed<T, R>(
  ctx: AppContext,
  userId: number,
  actionName: string,
  work: (signal: AbortSignal) => Promise<T>,
  record: (tx: Db, result: T, credits: number) => Promise<R>,
): Promise<{ result: T; record: R; credits: number }> {
  // Every paid model call (a pasted text's analysis too, which no tool gate covers) is refused unheld without a model.
  if (!ctx.engines.chat.isConfigured(MODEL)) throw new AppError(commonMessages.toolUnavailable);
  return paidCall(ctx.database.db, {
    userId,
    price: await modelPrice(ctx),
    actionName,
    run: () => work(AbortSignal.timeout(MODEL_CALL_MS)),
    record,
  });
}
