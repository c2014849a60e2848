import type { ImageRatio } from '@app/contract';

export interface ImageRequest {
  prompt: string;
  ratio: ImageRatio;
  /** 1–4 pictures. */
  count: number;
  /** A reference picture (png/jpg bytes), only for engines that support one. */
  reference?: Buffer;
  /** Folder the pictures are written to. */
  outDir: string;
  signal?: AbortSignal;
  /** A remote task accepted before a restart: followed, never started twice. */
  taskId?: string;
  /** Called once a remote engine accepted the task, so the record can keep its id. */
  onTask?: (taskId: string) => Promise<void>;
  /** The operator's workflow template, for engines that run one (ComfyUI). */
  workflow?: Record<string, unknown>;
}

/** Text-to-image (and reference-to-image) behind one channel. */
export interface ImageEngine {
  readonly id: string;
  readonly maxConcurrency: number;
  readonly supportsReference: boolean;
  /** The pictures as local files, at most `count` (a vendor may return fewer; each is billed). */
  generate(req: ImageRequest): Promise<string[]>;
}
