import { z } from 'zod';
import { voiceMessages } from './endpoints/voice-messages.js';
import { countScriptChars, SCRIPT_MAX, SCRIPT_RAW_MAX } from './script.js';

/**
 * Form-encoded params arrive as strings. These helpers validate the string form (which is also what
 * the OpenAPI document shows) and turn it into a typed value, with Chinese messages.
 */
const blank = z.literal('').transform(() => undefined);
/** Largest id a PostgreSQL integer column holds. */
const ID_MAX = 2147483647;
/** Names of avatars, voices, works and materials (spec: 64 characters). */
const NAME_MAX = 64;

/** '' or the schema, both optional; a wrong value answers the union's 无效输入. */
export function blankOr<T extends z.ZodType>(schema: T) {
  return z.union([blank, schema]).optional();
}

/** '' counts as not sent, so the default applies; a wrong value keeps the schema's own message. */
export function emptyAsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

export function text(opts: { max?: number; min?: number } = {}) {
  const max = opts.max ?? 255;
  let s = z.string({ error: '必须是文本' }).max(max, { error: `长度不能超过${max}个字符` });
  if (opts.min) s = s.min(opts.min, { error: `长度不能少于${opts.min}个字符` });
  return s;
}

export function optionalText(opts: { max?: number } = {}) {
  return text(opts).optional();
}

/** A whole number, within the database's integer column (−2³¹ … 2³¹−1) unless `min`/`max` say otherwise. */
export function int(opts: { min?: number; max?: number } = {}) {
  const min = opts.min ?? -ID_MAX - 1;
  const max = opts.max ?? ID_MAX;
  const n = z
    .number()
    .int({ error: '必须是整数' })
    .min(min, { error: `不能小于${min}` })
    .max(max, { error: `不能大于${max}` });
  return z
    .string({ error: '必须是整数' })
    .regex(/^-?\d{1,15}$/, { error: '必须是整数' })
    .transform(Number)
    .pipe(n);
}

export function optionalInt(opts: { min?: number; max?: number } = {}) {
  return blankOr(int(opts));
}

export function intWithDefault(def: number, opts: { min?: number; max?: number } = {}) {
  return optionalInt(opts).transform((v) => v ?? def);
}

export function decimal(opts: { min: number; max: number }) {
  return z
    .string({ error: '必须是数字' })
    .regex(/^-?\d{1,9}(\.\d{1,6})?$/, { error: '必须是数字' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(opts.min, { error: `不能小于${opts.min}` })
        .max(opts.max, { error: `不能大于${opts.max}` }),
    );
}

export function optionalDecimal(opts: { min: number; max: number }) {
  return blankOr(decimal(opts));
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `只能是 ${values.join(' / ')}` });
}

/** A choice a client may leave out or send empty for "the default". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return emptyAsUnset(z.enum(values));
}

/** A choice that falls back to `fallback` when left out or sent empty. */
export function choiceWithDefault<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).default(fallback));
}

/** Paging as the spec sends it: page from 1, limit with 0 meaning "all" where allowed. */
export const paging = {
  page: intWithDefault(1, { min: 1, max: 100000 }),
  limit: intWithDefault(20, { min: 0, max: 99999 }),
};

export const id = () => int({ min: 1, max: ID_MAX });
export const optionalId = () => optionalInt({ min: 1, max: ID_MAX });

/**
 * Ids sent as one comma-separated param ("12,15"): each a whole number the database's id column holds,
 * at most `max` of them; '' counts as none sent.
 */
export function optionalIdList(opts: { max: number }) {
  return emptyAsUnset(
    z
      .string({ error: '必须是以逗号分隔的编号' })
      .regex(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, { error: '必须是以逗号分隔的编号' })
      .transform((s) => s.split(',').map(Number))
      .pipe(
        z
          .array(z.number().int().min(1, { error: '编号不能小于1' }).max(ID_MAX, { error: '编号超出范围' }))
          .max(opts.max, { error: `最多${opts.max}个编号` }),
      ),
  );
}

/** A 0/1 param as the spec sends it ("is_multi=1"). */
export const optionalFlag = () => optionalInt({ min: 0, max: 1 });
/** A 0/1 field of a reply. */
export const flag = () => z.union([z.literal(0), z.literal(1)]);

export const displayName = () => text({ max: NAME_MAX });
export const optionalDisplayName = () => optionalText({ max: NAME_MAX });
/** Search by name: '' lists everything. */
export const nameSearch = optionalDisplayName;
/**
 * A script or any text sent to a speech or text model: at most SCRIPT_MAX.default characters as the studio's
 * counter counts them (tags and readings left out), in the same words the counter's channel check uses.
 */
export const scriptText = () =>
  text({ max: SCRIPT_RAW_MAX }).refine((s) => countScriptChars(s) <= SCRIPT_MAX.default, {
    error: voiceMessages.scriptTooLong(SCRIPT_MAX.default),
  });
export const optionalScriptText = () => scriptText().optional();
/** A language code such as zh or en-US; '' means the channel's default. */
export const optionalLanguage = () => emptyAsUnset(text({ max: 16 }));
/** Own (1) or public (2) things, own by default. */
export const ownership = () => oneOf(['1', '2']).default('1');

/** Every signed call carries these two; the protocol layer checks them, endpoints never see them. */
export const signatureParams = ['timestamp', 'sign'] as const;
