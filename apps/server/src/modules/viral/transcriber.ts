import type { AppContext } from '../../platform/context.js';

/** What the analysis needs of a speech-to-text engine: the words of a local media file. */
export interface Transcript {
  language: string;
  text: string;
  segments: { id: number; start: number; end: number; text: string }[];
  duration: number;
}
export type Transcribe = (input: { file: string; language?: string; signal: AbortSignal }) => Promise<Transcript>;

/** The engine for this deployment, or null when none is configured (the analysis then fails clearly). */
export type TranscriberOf = (ctx: AppContext) => Transcribe | null;

export const noTranscriber: TranscriberOf = () => null;
