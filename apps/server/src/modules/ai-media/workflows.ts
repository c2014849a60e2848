import { eq } from 'drizzle-orm';
import { aiWorkflows } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/**
 * ComfyUI workflow templates in API format (ComfyUI's "Export (API)"), seeded once and then the
 * operator's to edit in table ai_workflows. Placeholders: {{prompt}}, {{negative_prompt}}, {{width}},
 * {{height}}, {{count}}, {{seed}} (pictures); {{frames}}, {{cfg}}, {{image}}, {{image_tail}} (videos).
 * The defaults expect the model files ComfyUI's own FLUX and Wan 2.1 examples name.
 */
export type WorkflowKind = 'text2image' | 'text2video' | 'image2video';

const WAN_LOADERS = {
  '1': { class_type: 'UNETLoader', inputs: { unet_name: 'wan2.1_t2v_1.3B_fp16.safetensors', weight_dtype: 'default' } },
  '2': { class_type: 'CLIPLoader', inputs: { clip_name: 'umt5_xxl_fp8_e4m3fn_scaled.safetensors', type: 'wan' } },
  '3': { class_type: 'VAELoader', inputs: { vae_name: 'wan_2.1_vae.safetensors' } },
  '4': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['2', 0] } },
  '5': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['2', 0] } },
  '6': { class_type: 'ModelSamplingSD3', inputs: { shift: 8, model: ['1', 0] } },
};

const wanTail = (latent: [string, number], positive: [string, number], negative: [string, number]) => ({
  '20': {
    class_type: 'KSampler',
    inputs: {
      seed: '{{seed}}',
      steps: 30,
      cfg: '{{cfg}}',
      sampler_name: 'uni_pc',
      scheduler: 'simple',
      denoise: 1,
      model: ['6', 0],
      positive,
      negative,
      latent_image: latent,
    },
  },
  '21': { class_type: 'VAEDecode', inputs: { samples: ['20', 0], vae: ['3', 0] } },
  '22': { class_type: 'CreateVideo', inputs: { images: ['21', 0], fps: 16 } },
  '23': {
    class_type: 'SaveVideo',
    inputs: { video: ['22', 0], filename_prefix: 'ai-media/video', format: 'mp4', codec: 'h264' },
  },
});

export const DEFAULT_WORKFLOWS: Record<WorkflowKind, { name: string; graph: Record<string, unknown> }> = {
  text2image: {
    name: 'FLUX.1 文生图',
    graph: {
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux1-dev-fp8.safetensors' } },
      '2': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['1', 1] } },
      '3': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['1', 1] } },
      '4': {
        class_type: 'EmptyLatentImage',
        inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{count}}' },
      },
      '5': {
        class_type: 'KSampler',
        inputs: {
          seed: '{{seed}}',
          steps: 20,
          cfg: 1,
          sampler_name: 'euler',
          scheduler: 'simple',
          denoise: 1,
          model: ['1', 0],
          positive: ['2', 0],
          negative: ['3', 0],
          latent_image: ['4', 0],
        },
      },
      '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
      '7': { class_type: 'SaveImage', inputs: { images: ['6', 0], filename_prefix: 'ai-media/image' } },
    },
  },
  text2video: {
    name: 'Wan 2.1 文生视频',
    graph: {
      ...WAN_LOADERS,
      '10': {
        class_type: 'EmptyHunyuanLatentVideo',
        inputs: { width: '{{width}}', height: '{{height}}', length: '{{frames}}', batch_size: 1 },
      },
      ...wanTail(['10', 0], ['4', 0], ['5', 0]),
    },
  },
  image2video: {
    name: 'Wan 2.1 图生视频',
    graph: {
      ...WAN_LOADERS,
      '1': {
        class_type: 'UNETLoader',
        inputs: { unet_name: 'wan2.1_i2v_480p_14B_fp8_e4m3fn.safetensors', weight_dtype: 'default' },
      },
      '7': { class_type: 'CLIPVisionLoader', inputs: { clip_name: 'clip_vision_h.safetensors' } },
      '8': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
      '9': { class_type: 'CLIPVisionEncode', inputs: { clip_vision: ['7', 0], image: ['8', 0], crop: 'none' } },
      '10': {
        class_type: 'WanImageToVideo',
        inputs: {
          positive: ['4', 0],
          negative: ['5', 0],
          vae: ['3', 0],
          clip_vision_output: ['9', 0],
          start_image: ['8', 0],
          width: '{{width}}',
          height: '{{height}}',
          length: '{{frames}}',
          batch_size: 1,
        },
      },
      ...wanTail(['10', 2], ['10', 0], ['10', 1]),
    },
  },
};

export const workflowRepo = {
  async seed(db: Db): Promise<void> {
    const rows = Object.entries(DEFAULT_WORKFLOWS).map(([kind, w]) => ({ kind, name: w.name, graph: w.graph }));
    await db.insert(aiWorkflows).values(rows).onConflictDoNothing({ target: aiWorkflows.kind });
  },
  async graph(db: Db, kind: WorkflowKind): Promise<Record<string, unknown> | undefined> {
    const [row] = await db
      .select({ graph: aiWorkflows.graph })
      .from(aiWorkflows)
      .where(eq(aiWorkflows.kind, kind))
      .limit(1);
    return row?.graph;
  },
};
