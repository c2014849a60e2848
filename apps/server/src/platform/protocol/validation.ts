import { z } from 'zod';
import { protocolMessages } from '@app/contract';
import { AppError } from '../errors.js';

z.config(z.locales.zhCN());

function describe(issue: z.core.$ZodIssue): string {
  const name = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `不支持的参数：${issue.keys.slice(0, 5).join('、')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `缺少参数 ${name}`;
  // A field's own rule (a refine) says what is wrong in a whole sentence, as the page says it too.
  if (issue.code === 'custom') return issue.message;
  return name ? `参数 ${name}：${issue.message}` : issue.message;
}

/** C0 control characters other than tab, line feed and carriage return (which form text may carry). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * Refuses a request whose params carry control characters (a NUL byte above all, which PostgreSQL
 * text cannot hold), naming the first such param; runs before any param reaches a handler or the database.
 */
export function refuseControlCharacters(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params))
    if (CONTROL.test(name) || CONTROL.test(String(value)))
      throw new AppError(`参数 ${name.replace(new RegExp(CONTROL.source, 'g'), '').slice(0, 40)}：不能包含控制字符`);
}

/** Parses request params with an endpoint's schema; the first problem becomes a Chinese code-1 reply. */
export function parseParams<S extends z.ZodType>(schema: S, input: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError(first ? describe(first) : protocolMessages.badParams);
}
