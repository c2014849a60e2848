import { asc, eq } from 'drizzle-orm';
import type { WorkflowKind } from '@app/contract';
import { aiWorkflows } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type { WorkflowKind } from '@app/contract';

/**
 * ComfyUI workflow templates in API format (ComfyUI's "Export (API)"), seeded once and then the
 * operator's to edit in table ai_workflows. Placeholders: {{prompt}}, {{negative_prompt}}, {{width}},
 * {{height}}, {{count}}, {{seed}} (pictures); {{frames}}, {{cfg}}, {{image}}, {{image_tail}} (videos).
 * The defaults expect the model files ComfyUI's own FLUX and Wan 2.1 examples name.
 */

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
    name: 'Wan 2.1 首尾帧生视频',
    graph: {
      ...WAN_LOADERS,
      '1': {
        class_type: 'UNETLoader',
        inputs: { unet_name: 'wan2.1_flf2v_720p_14B_fp16.safetensors', weight_dtype: 'default' },
      },
      '7': { class_type: 'CLIPVisionLoader', inputs: { clip_name: 'clip_vision_h.safetensors' } },
      '8': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
      '9': { class_type: 'CLIPVisionEncode', inputs: { clip_vision: ['7', 0], image: ['8', 0], crop: 'none' } },
      // The last frame: left out with its links when an order has none.
      '11': { class_type: 'LoadImage', inputs: { image: '{{image_tail}}' } },
      '12': { class_type: 'CLIPVisionEncode', inputs: { clip_vision: ['7', 0], image: ['11', 0], crop: 'none' } },
      '10': {
        class_type: 'WanFirstLastFrameToVideo',
        inputs: {
          positive: ['4', 0],
          negative: ['5', 0],
          vae: ['3', 0],
          clip_vision_start_image: ['9', 0],
          clip_vision_end_image: ['12', 0],
          start_image: ['8', 0],
          end_image: ['11', 0],
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
  async all(db: Db) {
    return db.select().from(aiWorkflows).orderBy(asc(aiWorkflows.id));
  },
  /** The template, locked for the change that follows. */
  async find(db: Db, kind: WorkflowKind) {
    const [row] = await db.select().from(aiWorkflows).where(eq(aiWorkflows.kind, kind)).for('update');
    return row ?? null;
  },
  /** Replaces a template; the next order's job reads it (nothing is cached). */
  async save(db: Db, kind: WorkflowKind, name: string, graph: Record<string, unknown>): Promise<void> {
    await db
      .insert(aiWorkflows)
      .values({ kind, name, graph })
      .onConflictDoUpdate({ target: aiWorkflows.kind, set: { name, graph, updatedAt: new Date() } });
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
