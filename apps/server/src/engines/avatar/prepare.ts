import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaToolError } from '../../platform/media/ffmpeg.js';
import { writeCovers } from './cover.js';
import { countFrames, encodeMezzanine, MEZZANINE_FPS, mezzanineSize, reverseBySegments, reverseLanes } from './mezzanine.js';
import { checkAvatarSource, type AvatarSourceLimits } from './source-check.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

export interface PrepareAvatarOptions {
  /** Name the user uploaded, for the extension check. */
  fileName?: string;
  limits?: Partial<AvatarSourceLimits>;
  /** Short side of the mezzanine is capped here (default 1080): composition speed over 4K masters. */
  maxShortSide?: number;
  /** Frames per reverse chunk (default one GOP); bounds memory on long inputs. */
  reverseChunkFrames?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export const AVATAR_FILES = {
  mezzanine: 'mezzanine.mp4',
  reversed: 'reversed.mp4',
  cover: 'cover.jpg',
  coverSmall: 'cover-small.jpg',
} as const;

/**
 * Validates an uploaded avatar video and normalises it once into `outDir`: the forward and
 * reversed mezzanine plus two covers. Throws AvatarEngineError with the user's Chinese message.
 */
export async function prepareAvatarMedia(input: string, outDir: string, opts: PrepareAvatarOptions = {}): Promise<PreparedAvatar> {
  const source = await checkAvatarSource(input, { fileName: opts.fileName, limits: opts.limits, signal: opts.signal });
  const size = mezzanineSize(source.displayWidth, source.displayHeight, opts.maxShortSide ?? 1080);
  await mkdir(outDir, { recursive: true });
  const files = {
    mezzanine: join(outDir, AVATAR_FILES.mezzanine),
    reversed: join(outDir, AVATAR_FILES.reversed),
    cover: join(outDir, AVATAR_FILES.cover),
    coverSmall: join(outDir, AVATAR_FILES.coverSmall),
  };
  const work = await mkdtemp(join(outDir, '.work-'));
  const progress = opts.onProgress ?? (() => undefined);
  try {
    progress(0);
    await encodeMezzanine(input, files.mezzanine, size, opts.signal);
    const frameCount = await countFrames(files.mezzanine, opts.signal);
    if (frameCount < 1) throw new AvatarEngineError('prepareFailed');
    progress(0.4);
    await reverseBySegments(files.mezzanine, files.reversed, frameCount, work, {
      chunkFrames: opts.reverseChunkFrames,
      concurrency: reverseLanes(size),
      signal: opts.signal,
      onChunk: (done, total) => progress(0.4 + (0.5 * done) / total),
    });
    // A reversed copy that does not match frame for frame would make every loop jump.
    if ((await countFrames(files.reversed, opts.signal)) !== frameCount) throw new AvatarEngineError('prepareFailed');
    await writeCovers(files.mezzanine, files.cover, files.coverSmall, opts.signal);
    progress(1);
    return {
      ...files,
      width: size.width,
      height: size.height,
      fps: MEZZANINE_FPS,
      frameCount,
      duration: frameCount / MEZZANINE_FPS,
      orientation: size.width >= size.height ? 1 : 2,
      engineData: {},
    };
  } catch (e) {
    if (opts.signal?.aborted) throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
    if (e instanceof MediaToolError) throw new AvatarEngineError('prepareFailed', undefined, true, { cause: e });
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
