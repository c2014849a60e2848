import { channelRegistry, type ChannelRegistry } from '../registry.js';
import type { AiMediaEnginesConfig } from './env.js';
import { GenerationError } from './errors.js';
import { createComfyImageEngine } from './comfyui.js';
import { createKlingImageEngine } from './kling.js';
import { createOpenAiImageEngine } from './openai.js';
import type { ImageEngine } from './types.js';

export * from './types.js';
export { GenerationError } from './errors.js';
export { aiMediaEnvShape, aiMediaEnginesConfigFromEnv, type AiMediaEnginesConfig } from './env.js';
export { createKlingImageEngine } from './kling.js';
export { createOpenAiImageEngine, DEFAULT_OPENAI_SIZES } from './openai.js';

/** Picture channels in the product's order. */
export const IMAGE_CHANNELS = ['kling', 'openai', 'comfyui'] as const;

/** The channel new orders use: the preferred one when configured, else the first configured, else null. */
export function activeChannel(registry: ChannelRegistry<unknown>, preferred: string): string | null {
  if (preferred !== 'auto' && registry.isConfigured(preferred)) return preferred;
  return registry.channels().find((c) => c.available)?.channel ?? null;
}

export function createImageEngines(config: AiMediaEnginesConfig): ChannelRegistry<ImageEngine> {
  const engines: Record<string, ImageEngine | undefined> = {
    kling: config.kling ? createKlingImageEngine({ ...config.kling, model: config.kling.imageModel }) : undefined,
    openai: config.openai ? createOpenAiImageEngine(config.openai) : undefined,
    comfyui: config.comfyui ? createComfyImageEngine(config.comfyui) : undefined,
  };
  return channelRegistry<ImageEngine>({
    channels: IMAGE_CHANNELS,
    engineOf: (channel) => engines[channel],
    idOf: (engine) => engine.id,
    unavailable: () => new GenerationError('imageUnavailable'),
  });
}
export { pictureInfo, type PictureInfo } from './picture.js';
export { createComfyImageEngine, createComfyVideoEngine, fillWorkflow, type Workflow } from './comfyui.js';
