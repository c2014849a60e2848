import { AppError } from '../errors.js';
import { protocolMessages } from '@app/contract';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeComponent(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (ch === 0x25 /* % */) {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new AppError(protocolMessages.badBody);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (ch === 0x2b /* + */) {
      bytes.push(0x20);
    } else {
      const encoded = Buffer.from(raw[i] ?? '', 'utf8');
      for (const b of encoded) bytes.push(b);
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    throw new AppError(protocolMessages.badUtf8);
  }
}

/**
 * Strict application/x-www-form-urlencoded (and query string) parser: refuses invalid UTF-8,
 * broken percent escapes and repeated keys instead of silently guessing.
 */
export function parseForm(body: string | Buffer): Record<string, string> {
  let text: string;
  try {
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    throw new AppError(protocolMessages.badUtf8);
  }
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!text) return out;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
    if (!key) throw new AppError(protocolMessages.badBody);
    if (key in out) throw new AppError(`参数 ${key.slice(0, 40)} 重复`);
    out[key] = value;
  }
  return out;
}
