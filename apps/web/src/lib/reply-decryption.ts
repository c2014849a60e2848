function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** Decode an `encrypt: 1` reply: data is base64 of AES-256-CBC (PKCS#7) over the JSON. */
export async function decryptReplyData(data: string, keyHex: string, ivHex: string): Promise<unknown> {
  const key = await crypto.subtle.importKey('raw', hexToBytes(keyHex), 'AES-CBC', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: hexToBytes(ivHex) }, key, base64ToBytes(data));
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
