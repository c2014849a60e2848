import path from 'node:path';
import { GenerationError } from './errors.js';
import { klingClient, resultUrls, type KlingApiConfig } from './kling-api.js';
import type { ImageEngine } from './types.js';

/**
 * 可灵 image generation (https://app.klingai.com/global/dev/document-api/apiReference/model/imageGeneration):
 * `POST /v1/images/generations` with model_name, prompt, n (1–9), aspect_ratio and an optional reference
 * `image` (Base64 without a prefix), then `GET /v1/images/generations/{task_id}` until task_result.images[].url.
 */
export interface KlingImageConfig extends KlingApiConfig {
  model?: string;
}

const PATH = '/v1/images/generations';

export function createKlingImageEngine(config: KlingImageConfig): ImageEngine {
  const api = klingClient(config);
  return {
    id: 'kling',
    maxConcurrency: config.maxConcurrency ?? 3,
    supportsReference: true,
    async generate(req) {
      let taskId = req.taskId;
      if (!taskId) {
        taskId = await api.submit(
          PATH,
          {
            model_name: config.model ?? 'kling-v1',
            prompt: req.prompt,
            n: req.count,
            aspect_ratio: req.ratio,
            ...(req.reference ? { image: req.reference.toString('base64'), image_fidelity: 0.5 } : {}),
          },
          req.signal,
        );
        await req.onTask?.(taskId);
      }
      const urls = resultUrls(await api.wait(PATH, taskId, req.signal), 'images').slice(0, req.count);
      if (!urls.length) throw new GenerationError('resultUnusable');
      const files: string[] = [];
      for (const [i, url] of urls.entries()) {
        const file = path.join(req.outDir, `kling-${i}${path.extname(new URL(url).pathname) || '.png'}`);
        await api.download(url, file, req.signal);
        files.push(file);
      }
      return files;
    },
  };
}
