import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** Downloads an object into the scratch folder for tools such as ffprobe; cleanup removes the copy. */
export async function downloadToScratch(
  body: Readable,
  key: string,
  scratchDir: string,
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  await fsp.mkdir(scratchDir, { recursive: true });
  const file = path.join(scratchDir, `${randomBytes(8).toString('hex')}${path.extname(key)}`);
  try {
    await pipeline(body, fs.createWriteStream(file));
  } catch (e) {
    await fsp.rm(file, { force: true });
    throw e;
  }
  return { path: file, cleanup: () => fsp.rm(file, { force: true }) };
}

export const encodeKeyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** A web ReadableStream body from fetch, as a Node stream. */
export const nodeStream = (body: ReadableStream<Uint8Array> | null): Readable =>
  body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
