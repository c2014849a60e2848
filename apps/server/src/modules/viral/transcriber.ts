import { TRANSCRIPTION_CHANNEL, type Transcript } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';

export type { Transcript };
/** What the analysis needs of a speech-to-text engine: the words of a local media file. */
export type Transcribe = (input: { file: string; language?: string; signal: AbortSignal }) => Promise<Transcript>;

/** The engine for this deployment, or null when none is configured (the analysis then fails clearly). */
export type TranscriberOf = (ctx: AppContext) => Transcribe | null;

/** The deployment's transcription engine (TRANSCRIPTION_ENGINE), when one is configured. */
export const engineTranscriber: TranscriberOf = (ctx) => {
  const engines = ctx.engines.transcription;
  if (!engines.isConfigured(TRANSCRIPTION_CHANNEL)) return null;
  return (input) => engines.forChannel(TRANSCRIPTION_CHANNEL).transcribe(input);
};
