import { DEFAULT_SIGN_SECRET } from '@app/contract';

/** Build-time settings as the app reads them. */
export interface AppEnv {
  VITE_API_BASE: string;
  VITE_SIGN_SECRET: string;
  VITE_ENCRYPT_KEY?: string;
  VITE_ENCRYPT_IV?: string;
}

type RawEnv = Record<string, unknown>;

/** A set text, or undefined for a missing or blank one. */
const setText = (raw: RawEnv, name: string): string | undefined => {
  const v = raw[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new Error(`${name}: expected text`);
  return v;
};

const hex = (raw: RawEnv, name: string, length: number): string | undefined => {
  const v = setText(raw, name);
  if (v !== undefined && !new RegExp(`^[0-9a-fA-F]{${length}}$`).test(v))
    throw new Error(`${name}: ${length} hex characters`);
  return v;
};

/**
 * Build-time settings, checked once; a bad value stops the app with a clear console error. Plain checks
 * rather than a schema, so the first load needs no validation library.
 */
export function readEnv(raw: RawEnv): AppEnv {
  return {
    VITE_API_BASE: setText(raw, 'VITE_API_BASE') ?? '',
    VITE_SIGN_SECRET: setText(raw, 'VITE_SIGN_SECRET') ?? DEFAULT_SIGN_SECRET,
    VITE_ENCRYPT_KEY: hex(raw, 'VITE_ENCRYPT_KEY', 64),
    VITE_ENCRYPT_IV: hex(raw, 'VITE_ENCRYPT_IV', 32),
  };
}

export const env = readEnv(import.meta.env as RawEnv);
