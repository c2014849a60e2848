export interface VideoRequest {
  type: 'text' | 'image';
  prompt: string;
  negativePrompt: string;
  /** 0–1: how closely the video follows the prompt. */
  cfgScale: number;
  mode: 'std' | 'pro';
  duration: 5 | 10;
  aspectRatio: string;
  /** First frame (type image), png/jpg bytes. */
  image?: Buffer;
  /** Last frame, optional. */
  imageTail?: Buffer;
  /** Where the mp4 is written. */
  outFile: string;
  signal?: AbortSignal;
  taskId?: string;
  onTask?: (taskId: string) => Promise<void>;
  /** The operator's workflow template, for engines that run one (ComfyUI). */
  workflow?: Record<string, unknown>;
}

/** Text-to-video and image-to-video behind one channel. */
export interface VideoGenerationEngine {
  readonly id: string;
  readonly maxConcurrency: number;
  generate(req: VideoRequest): Promise<void>;
}
