import type { AiMediaEnginesConfig } from '../image/env.js';
import { createComfyVideoEngine } from '../image/comfyui.js';
import { GenerationError } from '../image/errors.js';
import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { createKlingVideoEngine } from './kling.js';
import type { VideoGenerationEngine } from './types.js';

export * from './types.js';
export { createKlingVideoEngine } from './kling.js';

/** Video generation channels in the product's order. */
export const VIDEO_GENERATION_CHANNELS = ['kling', 'comfyui'] as const;

export function createVideoGenerationEngines(config: AiMediaEnginesConfig): ChannelRegistry<VideoGenerationEngine> {
  const engines: Record<string, VideoGenerationEngine | undefined> = {
    kling: config.kling ? createKlingVideoEngine({ ...config.kling, model: config.kling.videoModel }) : undefined,
    comfyui: config.comfyui ? createComfyVideoEngine(config.comfyui) : undefined,
  };
  return channelRegistry<VideoGenerationEngine>({
    channels: VIDEO_GENERATION_CHANNELS,
    engineOf: (channel) => engines[channel],
    idOf: (engine) => engine.id,
    unavailable: () => new GenerationError('videoUnavailable'),
  });
}
