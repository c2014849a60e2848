import { photoMessages, type PhotoMessageKey } from './messages.js';

export interface PhotoRenderRequest {
  /** A still picture (jpg/png/webp...). */
  image: string;
  /** Speech; the clip is as long as it. */
  audioFile: string;
  /** Where the finished mp4 is written. */
  outFile: string;
  signal?: AbortSignal;
  /** Fraction 0..1. */
  onProgress?: (fraction: number) => void;
  /** A remote task accepted before a restart: followed, never started twice. */
  taskId?: string;
  /** Called once a remote engine accepted the task, so the work can store its id. */
  onTask?: (taskId: string) => Promise<void>;
}

export interface PhotoRenderResult {
  file: string;
  duration: number;
  width: number;
  height: number;
  /** False when no face was found: the whole picture moves, but no mouth or eyes do. */
  faceAnimated: boolean;
  /** Faces found in the picture (the largest is animated). */
  faces: number;
  /** What the user should know about this clip (Chinese), e.g. that no face was animated; null when nothing. */
  note: string | null;
}

/** Makes a talking clip from one still picture (pet and person photo features). */
export interface PhotoVideoEngine {
  readonly id: string;
  readonly maxConcurrency: number;
  /**
   * The clip this engine renders here, frame by frame, from a picture of this size: what its cost is
   * bounded by. Engines rendering at a vendor leave it out (the clip then counts at the picture's size).
   */
  clipPicture?(picture: { width: number; height: number }): { width: number; height: number; fps: number };
  render(req: PhotoRenderRequest): Promise<PhotoRenderResult>;
  /** The channel's own rules for the picture (e.g. one face, face size), checked before anything is spent; throws PhotoEngineError. */
  checkImage?(image: string, signal?: AbortSignal): Promise<void>;
}

/** A photo engine failure whose message is fit to show the user (Chinese). */
export class PhotoEngineError extends Error {
  override readonly name = 'PhotoEngineError';
  constructor(
    readonly key: PhotoMessageKey,
    /** True when trying again later may succeed. */
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(photoMessages[key], options);
  }
}
