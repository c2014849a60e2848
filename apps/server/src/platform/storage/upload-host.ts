import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ObjectExistsError, type LocalStorage } from './local.js';
import { SpoolWriter } from './spool-writer.js';
import { assertSafeKey } from './types.js';
import { OssRefusal, ossErrorXml, verifyOssPost } from './upload-policy.js';

export type { UploadAdmission } from './local.js';

interface Outcome {
  status: number;
  body: string;
  type?: string;
}

const MAX_FIELDS = 32;

/** OSS's answer to a PostObject with `x-oss-forbid-overwrite: true` whose key is taken. */
export const alreadyExists = () =>
  new OssRefusal(409, 'FileAlreadyExists', 'The object you specified already exists and can not be overwritten.');

function successReply(status: string | undefined, key: string, host: string): Outcome {
  if (status === '200') return { status: 200, body: '' };
  if (status === '201') {
    const location = `${host}/${key}`;
    return {
      status: 201,
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>local</Bucket><Key>${key}</Key></PostResponse>\n`,
    };
  }
  return { status: 204, body: '' };
}

/**
 * Receives one PostObject form: fields first, then `file`, which is checked against the signed
 * policy before a byte is written and measured while it streams to a temp file; only a complete,
 * allowed file is moved into place, and never over an existing object, whatever the form says (as OSS
 * with `x-oss-forbid-overwrite: true`, so a form with only the spec's fields is enough): a registered
 * file's probed bytes cannot be swapped by posting to its key again. A dropped connection or a refusal
 * leaves nothing behind.
 */
function receive(storage: LocalStorage, req: FastifyRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const creds = storage.postCredentials;
    let settled = false;
    let tmp: string | null = null;
    let writing: Promise<void> | null = null;
    let fileSeen = false;
    const abort = new AbortController();
    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    // The reply waits for the temp file to be gone, so a refused upload has left nothing once answered.
    const refuse = (e: unknown) => {
      if (settled || abort.signal.aborted) return;
      abort.abort();
      const r =
        e instanceof OssRefusal
          ? e
          : new OssRefusal(
              400,
              'MalformedPOSTRequest',
              'The body of your POST request is not well-formed multipart/form-data.',
            );
      void cleanup().finally(() =>
        settle({ status: r.status, type: 'application/xml', body: ossErrorXml(r, req.id, creds.bucket) }),
      );
    };

    const cleanup = async () => {
      await (writing ?? Promise.resolve()).catch(() => undefined);
      if (tmp) await fsp.rm(tmp, { force: true });
    };

    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: req.headers as BusboyHeaders,
        highWaterMark: 64 * 1024,
        fileHwm: 64 * 1024,
        limits: { fields: MAX_FIELDS, fieldSize: 16 * 1024, files: 1, parts: MAX_FIELDS + 1 },
      });
    } catch (e) {
      refuse(e);
      return;
    }
    bb.on('field', (name: string, value: string) => {
      if (!fileSeen) fields[name] = value;
    });
    bb.on('file', (name: string, file: Readable, filename: string) => {
      if (fileSeen || name !== 'file') {
        file.resume();
        return;
      }
      fileSeen = true;
      writing = (async () => {
        const range = verifyOssPost(fields, creds);
        const key = fields.key!.replace('${filename}', filename);
        try {
          assertSafeKey(key);
          // The store's own folders (.tmp, .sums) are not objects.
          if (key.startsWith('.')) throw new Error('reserved');
        } catch {
          throw new OssRefusal(400, 'InvalidObjectName', 'The specified object is not valid.');
        }
        // Refused before a byte is read when the key is taken; the link at the end settles a race.
        if (await storage.head(key)) throw alreadyExists();
        tmp = storage.tempPath();
        // Written and checksummed off the event loop; registering the object then needs no second read.
        // The size is measured as the bytes arrive: one past the policy's ceiling fails the upload.
        const spool = new SpoolWriter(tmp, {
          maxBytes: range.maxBytes,
          tooLarge: () =>
            new OssRefusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'),
        });
        try {
          await pipeline(file, spool, { signal: abort.signal });
        } catch (e) {
          // The pipeline fails before the spool thread has closed the file (or, when the upload failed
          // at once, even created it): only once the writer has closed may the temp file be removed.
          if (!spool.closed) await new Promise((resolve) => spool.once('close', resolve));
          throw e;
        }
        if (spool.received < range.minBytes)
          throw new OssRefusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
        const undo = await storage.admission?.(key, spool.received);
        try {
          await storage.commitTemp(tmp, key, spool.sha256 ?? undefined, { exclusive: true });
        } catch (e) {
          await undo?.();
          throw e instanceof ObjectExistsError ? alreadyExists() : e;
        }
        tmp = null;
        settle(successReply(fields.success_action_status, key, creds.host));
      })();
      writing.catch((e: unknown) => {
        file.resume();
        refuse(e);
      });
    });
    bb.on('finish', () => {
      if (!fileSeen)
        refuse(new OssRefusal(400, 'InvalidArgument', 'The body of your POST request must contain a file field.'));
    });
    bb.on('error', refuse);
    // A dropped connection: stop writing; the temp file is removed below.
    req.raw.on('close', () => {
      if (!req.raw.complete)
        refuse(new OssRefusal(400, 'RequestTimeout', 'The client closed the connection before the upload finished.'));
    });
    req.raw.pipe(bb);
  });
}

export async function handleStorageUpload(
  storage: LocalStorage,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const outcome = await receive(storage, req);
  reply.code(outcome.status).header('x-oss-request-id', req.id);
  // An early refusal leaves the rest of the body unread: close rather than read it.
  if (outcome.status >= 400) reply.header('connection', 'close');
  if (outcome.type) reply.type(outcome.type);
  return reply.send(outcome.body);
}
