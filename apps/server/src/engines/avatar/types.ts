import type { AvatarMessageKey } from './messages.js';
import { avatarMessages } from './messages.js';
import type { MediaInfo } from '../../platform/media/ffmpeg.js';
import type { FinishBuilder } from '../../platform/media/finish-graph.js';

/** 1 landscape, 2 portrait — the spec's `hs` values. */
export type Orientation = 1 | 2;

/** The normalised media of one avatar, produced once when the user clones it. */
export interface AvatarMedia {
  /** H.264 yuv420p CFR, no B-frames, fixed GOP, +faststart, no audio. */
  mezzanine: string;
  /** The mezzanine played backwards, encoded with identical parameters. */
  reversed: string;
  cover: string;
  coverSmall: string;
  width: number;
  height: number;
  /** Seconds; exactly frameCount / fps. */
  duration: number;
  fps: number;
  frameCount: number;
  orientation: Orientation;
}

/** An avatar ready for an engine: its media plus whatever per-avatar data that engine keeps. */
export interface PreparedAvatar extends AvatarMedia {
  /** Engine-specific data (e.g. a vendor's person id), keyed by engine id; stored by the platform as JSON. */
  engineData: Record<string, Record<string, string | number | boolean>>;
}

export interface RenderRequest {
  avatar: PreparedAvatar;
  /** Speech to drive the avatar (wav/mp3/m4a...). */
  audioFile: string;
  /** The speech's length in seconds when the caller already knows it; engines that need it then probe nothing. */
  audioDuration?: number;
  /** Where the finished mp4 is written. */
  outFile: string;
  signal?: AbortSignal;
  /** A remote task this work already started (stored after onTask); the render follows it instead of starting another. */
  taskId?: string;
  /** Called once a remote engine has accepted the task, before waiting on it; the caller stores the id. */
  onTask?: (taskId: string) => Promise<void>;
  /** Fraction 0..1. */
  onProgress?: (fraction: number) => void;
  /**
   * Called when the engine worked out its per-avatar data during this render (on first use) instead
   * of at preparation; the caller stores it under the engine's id so later renders skip the work.
   */
  onEngineData?: (part: PreparedAvatar['engineData'][string]) => Promise<void>;
  /**
   * What the caller asks of the finished picture and sound beyond the render (canvas, backdrop,
   * captions, music), for an engine that encodes every frame itself (`finishesInEncode`): built into
   * that encode, so the video is encoded once.
   */
  finish?: FinishBuilder;
  /**
   * Only output frames `start` to `start + frames` of the video the whole `audioFile` drives (`total`
   * frames at the avatar's rate), for an engine that renders segments (`segments`): the footage's loop
   * and the mouths are where the whole render has them at those frames; no sound and no finish (the
   * caller joins the segments and lays the whole speech under them).
   */
  segment?: RenderSegment;
}

/** A range of output frames of a whole render (see `RenderRequest.segment`). */
export interface RenderSegment {
  start: number;
  frames: number;
  total: number;
}

export interface RenderResult {
  file: string;
  duration: number;
  width: number;
  height: number;
  /** The engine's own probe of the finished file, when it made one: callers need not probe it again. */
  info?: MediaInfo;
}

export interface PrepareOptions {
  signal?: AbortSignal;
  /** A stable name for this avatar (e.g. "avatar-12"), so a re-run finds what a vendor already made for it. */
  key?: string;
}

export interface AvatarVideoEngine {
  /** Provider id: 'local', 'duix', 'chanjing'. */
  readonly id: string;
  /** Whether the lips follow the audio; the local composer says no. */
  readonly lipSync: boolean;
  /**
   * Whether a render draws on the request's own footage (`avatar.mezzanine`); false when the vendor
   * renders a copy it keeps (a footage matted onto green then must be matted again in the render).
   */
  readonly drawsGivenFootage: boolean;
  /** Whether a render's `finish` is built into the engine's own encode; otherwise the caller finishes the file after. */
  readonly finishesInEncode?: boolean;
  /**
   * Whether a render may be asked for a range of its frames (`RenderRequest.segment`), so a long video is
   * rendered in pieces by several workers and joined by stream copy.
   */
  readonly segments?: boolean;
  /** How many renders this engine accepts at once (a one-job remote service says 1). */
  readonly maxConcurrency: number;
  /** Returns the avatar with this engine's per-avatar data filled in. */
  prepareAvatar(avatar: PreparedAvatar, opts?: PrepareOptions): Promise<PreparedAvatar>;
  render(req: RenderRequest): Promise<RenderResult>;
  /** Why this avatar cannot be rendered by this engine (Chinese, for the user), or null when it can. */
  unusableReason?(avatar: Pick<PreparedAvatar, 'engineData' | 'duration'>): string | null;
  /**
   * True when this engine's part of the avatar failed in a way that trying again later may fix (the
   * vendor was unreachable or had a system error): the avatar's engine data is prepared again later.
   */
  retryPrepareLater?(avatar: Pick<PreparedAvatar, 'engineData'>): boolean;
  /** A vendor said a task changed (callback): the render waiting on it checks now. True when one was waiting here. */
  wake?(taskId: string): boolean;
}

/** Receives a local file and returns a URL a remote engine can fetch (a signed storage URL). */
export type PublicUrlFn = (file: string, purpose: 'avatar-video' | 'audio') => Promise<string>;

/** An engine failure whose message is fit to show the user (Chinese). */
export class AvatarEngineError extends Error {
  override readonly name = 'AvatarEngineError';
  constructor(
    readonly key: AvatarMessageKey,
    message: string = avatarMessages[key],
    /** True when trying again later may succeed (network, busy, 5xx, timeout). */
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
