import type { RenderResult } from '../avatar/index.js';

/** One lip-sync of an existing video: the mouth of whoever speaks in it driven by another audio (a dub). */
export interface LipSyncRequest {
  video: string;
  audio: string;
  /** Where the finished mp4 is written. */
  outFile: string;
  /** A folder for the engine's own intermediate files; the caller removes it. */
  scratch: string;
  signal?: AbortSignal;
  /** A remote task this caller already started (stored after onTask): followed, never started twice. */
  taskId?: string;
  /** Called once a remote engine has the task's id, before waiting on it; the caller stores it. */
  onTask?: (taskId: string) => Promise<void>;
  /** Fraction 0..1. */
  onProgress?: (fraction: number) => void;
}

/** The engines an operator may choose for lip-syncing translated videos (TRANSLATE_LIPSYNC_ENGINE). */
export const LIP_SYNC_CHOICES = ['local', 'duix', 'chanjing'] as const;
export type LipSyncChoice = (typeof LIP_SYNC_CHOICES)[number];

export interface LipSyncEngine {
  /** Which choice this is. */
  readonly choice: LipSyncChoice;
  /** The avatar engine it is: slots and queues are per engine, shared with the avatar videos it renders. */
  readonly id: string;
  /** A remote service (its render slots are taken like a studio work's); the offline engine runs in the caller's own slot. */
  readonly remote: boolean;
  readonly maxConcurrency: number;
  lipSync(req: LipSyncRequest): Promise<RenderResult>;
}
