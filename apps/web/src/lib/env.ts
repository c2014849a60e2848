import { z } from 'zod';
import { DEFAULT_SIGN_SECRET } from '@app/contract';

const blank = (v: unknown) => (v === '' ? undefined : v);

/** Build-time settings, checked once; a bad value stops the app with a clear console error. */
const envSchema = z.object({
  VITE_API_BASE: z.preprocess(blank, z.string().default('')),
  VITE_SIGN_SECRET: z.preprocess(blank, z.string().default(DEFAULT_SIGN_SECRET)),
  VITE_ENCRYPT_KEY: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'VITE_ENCRYPT_KEY: 64 hex characters')
      .optional(),
  ),
  VITE_ENCRYPT_IV: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'VITE_ENCRYPT_IV: 32 hex characters')
      .optional(),
  ),
});

export const env = envSchema.parse(import.meta.env);
