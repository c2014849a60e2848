import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaToolError, probe } from '../../platform/media/ffmpeg.js';
import type { AvatarMessageKey } from './messages.js';
import { AvatarEngineError, type RenderResult } from './types.js';
import { downloadTo, type HttpPolicy } from './vendor-http.js';

export interface ResultSource {
  /** Directory a remote engine writes into, as seen by us (hostDir) and by it (engineDir). */
  shared?: { hostDir: string; engineDir: string };
  /** URL prefix under which the engine's bare result paths can be fetched. */
  resultBaseUrl?: string;
  http: HttpPolicy;
  signal?: AbortSignal;
  /** Message when the result cannot be located at all. */
  missing: AvatarMessageKey;
  transportError: (e: unknown) => unknown;
}

/** Maps an engine-side path into the shared directory, refusing anything that climbs out of it. */
export function sharedHostPath(enginePath: string, shared: { hostDir: string; engineDir: string }, missing: AvatarMessageKey): string {
  const p = enginePath.replace(/\\/g, '/');
  const root = shared.engineDir.replace(/\\/g, '/').replace(/\/+$/, '');
  const rel = (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p).replace(/^\/+/, '');
  if (!rel || rel.split('/').includes('..')) throw new AvatarEngineError(missing, undefined, true);
  return join(shared.hostDir, ...rel.split('/'));
}

/** Brings a remote engine's finished video to `outFile` (download or shared-directory copy) and checks it plays. */
export async function readResult(location: string, outFile: string, src: ResultSource): Promise<RenderResult> {
  try {
    if (/^https?:\/\//i.test(location)) {
      await downloadTo(location, outFile, src.http, src.signal);
    } else if (src.shared) {
      await copyFile(sharedHostPath(location, src.shared, src.missing), outFile).catch((e: unknown) => {
        throw new AvatarEngineError(src.missing, undefined, true, { cause: e });
      });
    } else if (src.resultBaseUrl) {
      const base = src.resultBaseUrl.endsWith('/') ? src.resultBaseUrl : `${src.resultBaseUrl}/`;
      await downloadTo(new URL(location.replace(/^\/+/, ''), base).toString(), outFile, src.http, src.signal);
    } else {
      throw new AvatarEngineError(src.missing);
    }
  } catch (e) {
    if (e instanceof AvatarEngineError) throw e;
    const mapped = src.transportError(e);
    if (mapped instanceof AvatarEngineError && mapped.key !== 'cancelled') {
      throw new AvatarEngineError('downloadFailed', undefined, true, { cause: e });
    }
    throw mapped;
  }
  try {
    const info = await probe(outFile, { signal: src.signal });
    if (!info.video || !(info.duration > 0)) throw new AvatarEngineError('resultInvalid', undefined, true);
    return { file: outFile, duration: info.duration, width: info.video.width, height: info.video.height };
  } catch (e) {
    await rm(outFile, { force: true });
    if (e instanceof MediaToolError) throw new AvatarEngineError('resultInvalid', undefined, true, { cause: e });
    throw e;
  }
}
