import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { hearLiveQuestion, LIVE_HEAR_MAX_SECONDS, LIVE_QUESTION_MAX, liveSessionMessages as m } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import { TRANSCRIPTION_CHANNEL, TranscriptionError } from '../../engines/transcription/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audioLevels, ffmpeg } from '../../platform/media/ffmpeg.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { receiveRecording } from '../files/index.js';
import type { LiveSessions } from './sessions.js';

/** 16 kHz mono 16-bit: what the question is turned into before it is heard. */
const WAV_BYTES_PER_SECOND = 16_000 * 2;
/** Louder than this somewhere, or it is silence and no engine is asked. */
const SILENCE_DB = -45;
/** How long the engine may take to hear one question. */
const HEAR_TIMEOUT_MS = 30_000;

/**
 * A spoken question of a running session: the recording (any format the browser records) is turned
 * into 16 kHz WAV, refused when silent or too long, and heard by the configured transcription engine.
 * Hearing is part of the session's minutes: nothing more is charged.
 */
async function hear(ctx: AppContext, sessions: LiveSessions, userId: number, sessionId: string, req: FastifyRequest) {
  await sessions.openOf(sessionId, { userId, via: 'web' });
  if (!ctx.engines.transcription.isConfigured(TRANSCRIPTION_CHANNEL)) throw new AppError(m.hearOff);
  const dir = await scratchDir(ctx.config.dataDir, `live-hear-${sessionId.slice(0, 16)}-${Date.now()}`);
  try {
    const recording = await receiveRecording(req, dir);
    const wav = path.join(dir, 'question.wav');
    // One second past the limit is kept, so a recording that runs over is told apart from one that fits.
    const limit = String(LIVE_HEAR_MAX_SECONDS + 1);
    await ffmpeg(['-i', recording.path, '-t', limit, '-vn', '-ac', '1', '-ar', '16000', wav]).catch(() => {
      throw new AppError(m.heardNothing);
    });
    const seconds = ((await stat(wav)).size - 44) / WAV_BYTES_PER_SECOND;
    if (seconds > LIVE_HEAR_MAX_SECONDS + 0.5) throw new AppError(m.hearTooLong);
    if (seconds < 0.2 || (await audioLevels(wav)).maxDb < SILENCE_DB) throw new AppError(m.heardNothing);
    const engine = ctx.engines.transcription.forChannel(TRANSCRIPTION_CHANNEL);
    const heard = await engine.transcribe({ file: wav, language: 'zh', signal: AbortSignal.timeout(HEAR_TIMEOUT_MS) });
    const text = heard.text.trim().slice(0, LIVE_QUESTION_MAX);
    if (!text) throw new AppError(m.heardNothing);
    return { text };
  } catch (e) {
    if (e instanceof TranscriptionError) throw new AppError(e.message);
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The spoken-question call, which reads its own multipart body (see multipartRoutes). */
export const hearRoutes = (sessions: LiveSessions, ctx: AppContext): RouteDef[] => [
  route(hearLiveQuestion, async ({ params, user, req }) =>
    ok(await hear(ctx, sessions, user.id, params.session_id, req), m.heard),
  ),
];
