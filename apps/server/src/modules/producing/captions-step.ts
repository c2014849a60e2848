import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { captionLineChars, type CaptionStyle } from '@app/contract';
import { TRANSCRIPTION_CHANNEL, transcribeSpeech } from '../../engines/transcription/index.js';
import type { AppContext } from '../../platform/context.js';
import { probe } from '../../platform/media/ffmpeg.js';
import type { Canvas } from './canvas.js';
import { keepParams, workPrefix, type WorkSteps } from './spoken-work.js';
import type { captionParamsShape } from './captions.js';
import {
  alignCaptions,
  captionLines,
  captionsSrt,
  intersectSpans,
  spreadOver,
  voicedSpans,
  writeCaptionsAss,
  type CaptionCue,
  type VoicedSpan,
} from './captions.js';

type CaptionParams = z.output<z.ZodObject<typeof captionParamsShape>>;

/** What drives the speech being captioned: the script the engine read, or a recording to transcribe. */
export interface CaptionSource {
  mode: 'text' | 'audio' | 'silence';
  script: string;
  /** The engine's own pieces of the speech, when it reported them. */
  speechSpans: VoicedSpan[] | null;
  language?: string;
}

/**
 * The timed caption lines of one piece of speech, for a picture of `size`: the script's lines timed on
 * the voice heard in the file (cut to the engine's pieces when it gave them), or a recording's
 * transcript cut into lines. Silence has none.
 */
export async function timeCaptions(
  ctx: AppContext,
  source: CaptionSource,
  speechFile: string,
  style: CaptionStyle,
  size: { width: number; height: number },
  scratch: string,
  signal?: AbortSignal,
): Promise<CaptionCue[]> {
  const maxChars = captionLineChars(style, size.width, size.height);
  if (source.mode === 'silence') return [];
  if (source.mode === 'text') {
    const heard = await voicedSpans(speechFile, signal);
    const spans = source.speechSpans?.length ? intersectSpans(heard, source.speechSpans) : heard;
    return alignCaptions(captionLines(source.script, maxChars), spans.length ? spans : heard);
  }
  const engine = ctx.engines.transcription.forChannel(TRANSCRIPTION_CHANNEL);
  const transcript = await transcribeSpeech(
    engine,
    { file: speechFile, language: source.language || undefined, signal },
    scratch,
  );
  return transcript.segments.flatMap((seg) => {
    const lines = captionLines(seg.text, maxChars);
    return lines.length && seg.end > seg.start ? spreadOver(lines, seg.start, seg.end) : [];
  });
}

/** The size a video is shown at (rotation applied): what the captions are drawn on. */
export async function pictureSize(video: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const info = await probe(video, { signal });
  const v = info.video;
  if (!v) throw new Error('no video stream to caption');
  const turned = Math.abs(v.rotation) % 180 === 90;
  return turned ? { width: v.height, height: v.width } : { width: v.width, height: v.height };
}

/**
 * A spoken work's captions step, after its video is rendered: the timed lines (made once and kept with
 * the work, so a restarted job reuses them), the SRT stored as one of the work's files, and the ASS for
 * the finished video's size, whose path is answered for the finishing pass to burn in. Null without captions.
 */
export async function captionsStep<P extends CaptionParams & CaptionSource & { files: string[] }>(
  s: WorkSteps<P>,
  speechFile: string,
  video: string | { width: number; height: number },
  canvas?: Canvas | null,
): Promise<string | null> {
  const { p } = s.work;
  if (!p.captions) return null;
  // Drawn at the size the finished video has: its canvas when one is asked, else the render's own
  // (the rendered file's, or the size an engine that finishes in its own encode renders at).
  const size = canvas ?? (typeof video === 'string' ? await pictureSize(video, s.signal) : video);
  let cues = p.captionCues;
  if (!cues) {
    cues = await timeCaptions(s.ctx, p, speechFile, p.captions, size, s.scratch, s.signal);
    const key = `${workPrefix(s.work.row)}captions.srt`;
    const srt = path.join(s.scratch, 'captions.srt');
    await writeFile(srt, captionsSrt(cues));
    await s.ctx.storage.putFile(key, srt);
    const kept: Partial<CaptionParams & { files: string[] }> = {
      captionCues: cues,
      captionsKey: key,
      files: [...p.files.filter((f) => f !== key), key],
    };
    await keepParams(s, kept as Partial<P>);
  }
  if (!cues.length) return null;
  return writeCaptionsAss(s.scratch, cues, p.captions, size);
}
