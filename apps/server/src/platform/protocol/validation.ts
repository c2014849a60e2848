import { z } from 'zod';
import { protocolMessages } from '@app/contract';
import { AppError } from '../errors.js';

z.config(z.locales.zhCN());

function describe(issue: z.core.$ZodIssue): string {
  const name = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `不支持的参数：${issue.keys.slice(0, 5).join('、')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `缺少参数 ${name}`;
  return name ? `参数 ${name}：${issue.message}` : issue.message;
}

/** Parses request params with an endpoint's schema; the first problem becomes a Chinese code-1 reply. */
export function parseParams<S extends z.ZodType>(schema: S, input: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError(first ? describe(first) : protocolMessages.badParams);
}
