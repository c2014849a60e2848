import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { CLONE_RECORDING_MAX_BYTES, filesMessages } from '@app/contract';
import { AppError } from '../../platform/errors.js';

const MAX = CLONE_RECORDING_MAX_BYTES;

/**
 * Streams the `file` part of a multipart recording to a temp file, refusing it as soon as it passes
 * the recording limit. Returns the temp path and the extension the browser named; the caller removes it.
 */
export function receiveRecording(req: FastifyRequest, scratchDir: string): Promise<{ path: string; ext: string }> {
  return new Promise((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({ headers: req.headers as BusboyHeaders, limits: { files: 1, fields: 8, fieldSize: 1024 } });
    } catch {
      reject(new AppError(filesMessages.audioMissing));
      return;
    }
    let got = false;
    /** The part being written, failed by hand when the connection drops: destroying busboy does not end it. */
    let part: Readable | null = null;
    bb.on('file', (field: string, file: Readable, filename: string) => {
      if (got || field !== 'file') {
        file.resume();
        return;
      }
      got = true;
      part = file;
      const ext = path.extname(filename).slice(1).toLowerCase();
      const tmp = path.join(scratchDir, `${randomBytes(8).toString('hex')}.${ext || 'bin'}`);
      let bytes = 0;
      const guard = new Transform({
        transform(chunk: Buffer, _e, done) {
          bytes += chunk.length;
          done(bytes > MAX ? new AppError(filesMessages.audioTooLarge) : null, chunk);
        },
      });
      let out: fs.WriteStream | null = null;
      fsp
        .mkdir(scratchDir, { recursive: true })
        .then(() => pipeline(file, guard, (out = fs.createWriteStream(tmp))))
        .then(() => resolve({ path: tmp, ext }))
        .catch(async (e: unknown) => {
          file.resume();
          // Removed only once its stream has closed it, or a late open could bring the file back.
          if (out && !out.closed) await new Promise<void>((closed) => out!.once('close', closed));
          await fsp.rm(tmp, { force: true });
          reject(e instanceof AppError ? e : new AppError(filesMessages.uploadFailed));
        });
    });
    bb.on('finish', () => {
      if (!got) reject(new AppError(filesMessages.audioMissing));
    });
    bb.on('error', () => reject(new AppError(filesMessages.uploadFailed)));
    req.raw.on('close', () => {
      if (req.raw.complete) return;
      const dropped = new Error('connection dropped');
      part?.destroy(dropped);
      bb.destroy(dropped);
    });
    req.raw.pipe(bb);
  });
}
