import { createCipheriv, createDecipheriv } from 'node:crypto';

/** ENCRYPT_DATA: `data` travels as base64 of AES-256-CBC(JSON). */
export function encryptData(data: unknown, keyHex: string, ivHex: string): string {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(keyHex, 'hex'), Buffer.from(ivHex, 'hex'));
  return Buffer.concat([cipher.update(JSON.stringify(data ?? null), 'utf8'), cipher.final()]).toString('base64');
}

export function decryptData(b64: string, keyHex: string, ivHex: string): unknown {
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(keyHex, 'hex'), Buffer.from(ivHex, 'hex'));
  const json = Buffer.concat([decipher.update(Buffer.from(b64, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(json) as unknown;
}
