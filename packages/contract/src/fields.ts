import { z } from 'zod';

/**
 * Form-encoded params arrive as strings. These helpers validate the string form (which is also what
 * the OpenAPI document shows) and turn it into a typed value, with Chinese messages.
 */
const blank = z.literal('').transform(() => undefined);

export function text(opts: { max?: number; min?: number } = {}) {
  const max = opts.max ?? 255;
  let s = z.string({ error: '必须是文本' }).max(max, { error: `长度不能超过${max}个字符` });
  if (opts.min) s = s.min(opts.min, { error: `长度不能少于${opts.min}个字符` });
  return s;
}

export function optionalText(opts: { max?: number } = {}) {
  return text(opts).optional();
}

export function int(opts: { min?: number; max?: number } = {}) {
  let n = z.number().int({ error: '必须是整数' });
  if (opts.min !== undefined) n = n.min(opts.min, { error: `不能小于${opts.min}` });
  if (opts.max !== undefined) n = n.max(opts.max, { error: `不能大于${opts.max}` });
  return z
    .string({ error: '必须是整数' })
    .regex(/^-?\d{1,15}$/, { error: '必须是整数' })
    .transform(Number)
    .pipe(n);
}

export function optionalInt(opts: { min?: number; max?: number } = {}) {
  return z.union([blank, int(opts)]).optional();
}

export function intWithDefault(def: number, opts: { min?: number; max?: number } = {}) {
  return optionalInt(opts).transform((v) => v ?? def);
}

export function decimal(opts: { min: number; max: number }) {
  return z
    .string({ error: '必须是数字' })
    .regex(/^-?\d{1,9}(\.\d{1,6})?$/, { error: '必须是数字' })
    .transform(Number)
    .pipe(z.number().min(opts.min, { error: `不能小于${opts.min}` }).max(opts.max, { error: `不能大于${opts.max}` }));
}

export function optionalDecimal(opts: { min: number; max: number }) {
  return z.union([blank, decimal(opts)]).optional();
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `只能是 ${values.join(' / ')}` });
}

/** Paging as the spec sends it: page from 1, limit with 0 meaning "all" where allowed. */
export const paging = {
  page: intWithDefault(1, { min: 1, max: 100000 }),
  limit: intWithDefault(20, { min: 0, max: 99999 }),
};

export const id = () => int({ min: 1, max: 2147483647 });

/** Every signed call carries these two; the protocol layer checks them, endpoints never see them. */
export const signatureParams = ['timestamp', 'sign'] as const;
