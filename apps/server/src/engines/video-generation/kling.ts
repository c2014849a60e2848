import { GenerationError } from '../image/errors.js';
import { klingClient, resultUrls, type KlingApiConfig } from '../image/kling-api.js';
import type { VideoGenerationEngine } from './types.js';

/**
 * 可灵 video generation, as its API reference documents it: text-to-video
 * (https://app.klingai.com/global/dev/document-api/apiReference/model/textToVideo) `POST /v1/videos/text2video`
 * with model_name, prompt, negative_prompt, cfg_scale, mode (std | pro), aspect_ratio and duration ("5" | "10");
 * image-to-video (…/model/imageToVideo) `POST /v1/videos/image2video` with image and optional image_tail
 * (Base64 or URL) instead of aspect_ratio; each read back by `GET <path>/{task_id}` until task_result.videos[0].url.
 */
export interface KlingVideoConfig extends KlingApiConfig {
  model?: string;
}

export function createKlingVideoEngine(config: KlingVideoConfig): VideoGenerationEngine {
  const api = klingClient(config);
  return {
    id: 'kling',
    maxConcurrency: config.maxConcurrency ?? 3,
    async generate(req) {
      const path = req.type === 'image' ? '/v1/videos/image2video' : '/v1/videos/text2video';
      let taskId = req.taskId;
      if (!taskId) {
        const common = {
          model_name: config.model ?? 'kling-v1',
          prompt: req.prompt,
          negative_prompt: req.negativePrompt,
          cfg_scale: req.cfgScale,
          mode: req.mode,
          duration: String(req.duration),
        };
        const body =
          req.type === 'image'
            ? {
                ...common,
                image: req.image?.toString('base64'),
                ...(req.imageTail ? { image_tail: req.imageTail.toString('base64') } : {}),
              }
            : { ...common, aspect_ratio: req.aspectRatio };
        taskId = await api.submit(path, body, req.signal);
        await req.onTask?.(taskId);
      }
      const [url] = resultUrls(await api.wait(path, taskId, req.signal), 'videos');
      if (!url) throw new GenerationError('resultUnusable');
      await api.download(url, req.outFile, req.signal);
    },
  };
}
