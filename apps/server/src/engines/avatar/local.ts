import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ffmpeg, MediaToolError, probe, probeSpeech, type MediaInfo } from '../../platform/media/ffmpeg.js';
import { concatFileLine } from './mezzanine.js';
import { AvatarEngineError, type AvatarVideoEngine, type PreparedAvatar, type RenderRequest, type RenderResult } from './types.js';

export interface LocalEngineConfig {
  /** Renders allowed at once on this machine (stream copy is I/O-bound, so a few are fine). */
  maxConcurrency?: number;
  audioBitrate?: string;
}

export interface LoopPiece {
  file: string;
  /** Seconds into the piece where it stops; absent when the whole piece plays. */
  outpoint?: number;
}

/**
 * Covers `frames` frames by playing the mezzanine forward, then backward, then forward...
 * Each turn starts on the frame the previous one ended on, so there is never a jump cut. From output
 * frame `from` on (a segment of a longer render), the list starts with the turn that frame is in: the
 * caller skips `from % frameCount` decoded frames.
 */
export function pingPongPieces(avatar: PreparedAvatar, frames: number, from = 0): LoopPiece[] {
  const pieces: LoopPiece[] = [];
  const turn = Math.floor(from / avatar.frameCount);
  let left = Math.max(1, frames) + (from - turn * avatar.frameCount);
  for (let i = turn; left > 0; i++) {
    const file = i % 2 === 0 ? avatar.mezzanine : avatar.reversed;
    const take = Math.min(left, avatar.frameCount);
    pieces.push(take < avatar.frameCount ? { file, outpoint: take / avatar.fps } : { file });
    left -= take;
  }
  return pieces;
}

export function pieceList(pieces: LoopPiece[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const p of pieces) {
    lines.push(concatFileLine(p.file));
    if (p.outpoint !== undefined) lines.push(`outpoint ${p.outpoint.toFixed(6)}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Where the frames a body renders sit in the whole render: from output frame `start` of `total`; the
 * piece list begins `skip` frames before it (at the start of the loop's turn).
 */
export interface PieceSegment {
  start: number;
  total: number;
  skip: number;
}

const probeAudio = (file: string, signal?: AbortSignal): Promise<MediaInfo> =>
  probeSpeech(
    file,
    (why, cause) => new AvatarEngineError(why === 'empty' ? 'audioEmpty' : 'audioUnreadable', undefined, false, { cause }),
    { signal },
  );

/**
 * The frame of every local render: checks the speech (probed unless the caller knows its length),
 * gives `body` a scratch folder, the number of frames to cover and the ping-pong piece list, then
 * probes the result. Failures become the user's Chinese message (cancelled, or a render failure worth retrying).
 */
export async function renderWithPieces(
  req: RenderRequest,
  body: (scratch: { work: string; frames: number; list: string; segment: PieceSegment }) => Promise<void>,
): Promise<RenderResult> {
  const { avatar, audioFile, outFile, signal, onProgress } = req;
  onProgress?.(0);
  if (req.audioDuration !== undefined && !(req.audioDuration > 0)) throw new AvatarEngineError('audioEmpty');
  const seg = req.segment;
  const seconds = seg ? seg.total / avatar.fps : (req.audioDuration ?? (await probeAudio(audioFile, signal)).duration);
  const total = seg?.total ?? Math.max(1, Math.round(seconds * avatar.fps));
  const start = seg?.start ?? 0;
  const frames = seg?.frames ?? total;
  if (start < 0 || frames < 1 || start + frames > total) throw new AvatarEngineError('renderFailed');
  const work = await mkdtemp(join(dirname(outFile), '.render-'));
  try {
    const list = join(work, 'pieces.ffconcat');
    await writeFile(list, pieceList(pingPongPieces(avatar, frames, start)));
    await body({ work, frames, list, segment: { start, total, skip: start % avatar.frameCount } });
    const out = await probe(outFile, { signal });
    onProgress?.(1);
    return {
      file: outFile,
      duration: out.duration,
      width: out.video?.width ?? avatar.width,
      height: out.video?.height ?? avatar.height,
      info: out,
    };
  } catch (e) {
    if (signal?.aborted) throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
    if (e instanceof MediaToolError) throw new AvatarEngineError('renderFailed', undefined, true, { cause: e });
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Local composition: no lip movement. The video is assembled by stream copy only (a concat list
 * of the forward and reversed mezzanine, the last piece cut with `outpoint`); only the audio is
 * encoded (AAC), then both are muxed with +faststart.
 */
export function renderLocal(req: RenderRequest, config: LocalEngineConfig = {}): Promise<RenderResult> {
  const { avatar, audioFile, outFile, signal } = req;
  return renderWithPieces(req, async ({ frames, list }) => {
    await ffmpeg(
      [
        // Both pieces share one set of H.264 parameters, so packets are copied untouched (no Annex B round trip).
        '-f', 'concat', '-safe', '0', '-auto_convert', '0', '-i', list,
        '-i', audioFile,
        '-map', '0:v:0', '-map', '1:a:0',
        '-c:v', 'copy',
        // The fast AAC coder halves the only encoding work here; transparent enough for speech at 128k.
        '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', config.audioBitrate ?? '128k',
        '-t', (frames / avatar.fps).toFixed(6),
        '-movflags', '+faststart',
        outFile,
      ],
      { signal },
    );
  });
}

export function createLocalEngine(config: LocalEngineConfig = {}): AvatarVideoEngine {
  return {
    id: 'local',
    lipSync: false,
    drawsGivenFootage: true,
    maxConcurrency: config.maxConcurrency ?? 2,
    // Local composition needs nothing beyond the mezzanine pair.
    prepareAvatar: (avatar) => Promise.resolve(avatar),
    render: (req) => renderLocal(req, config),
  };
}
