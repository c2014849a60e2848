import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMediaMessages } from '@app/contract';
import { probe } from '../../platform/media/ffmpeg.js';
import { DEFAULT_WORKFLOWS } from '../../modules/ai-media/workflows.js';
import { createComfyImageEngine, createComfyVideoEngine, fillWorkflow } from './comfyui.js';
import { GenerationError } from './errors.js';
import { pictureInfo } from './picture.js';
import { makeFakeMedia, startFakeComfyUi, type FakeMedia } from './testing/fake-vendors.js';

/** ComfyUI against a loopback fake of its server routes, with the seeded workflow templates. */
let dir: string;
let media: FakeMedia;
let comfy: Awaited<ReturnType<typeof startFakeComfyUi>>;
const config = () => ({
  baseUrl: comfy.url,
  pollIntervalMs: 20,
  timeoutMs: 10_000,
  http: { timeoutMs: 5000, retries: 0, backoffMs: 10 },
});

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'comfy-'));
  media = await makeFakeMedia(dir);
  comfy = await startFakeComfyUi(media);
}, 60_000);
afterAll(async () => {
  await comfy?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof GenerationError ? e.message : String(e)),
  );

describe('ComfyUI', () => {
  it('fills placeholders keeping numbers numbers', () => {
    const g = fillWorkflow(
      { a: { inputs: { w: '{{width}}', t: 'a {{prompt}}', keep: '{{other}}' } } },
      { width: 512, prompt: '猫' },
    );
    expect(g).toEqual({ a: { inputs: { w: 512, t: 'a 猫', keep: '{{other}}' } } });
  });

  it('queues the text-to-image template with size, batch and prompt, and copies every picture', async () => {
    const files = await createComfyImageEngine(config()).generate({
      prompt: '雪山',
      ratio: '16:9',
      count: 2,
      outDir: dir,
      workflow: DEFAULT_WORKFLOWS.text2image.graph,
    });
    expect(files).toHaveLength(2);
    expect((await pictureInfo(files[0]!))?.width).toBe(512);
    const graph = [...comfy.prompts.values()].at(-1)!.graph;
    expect(graph['4']?.inputs).toMatchObject({ width: 1344, height: 768, batch_size: 2 });
    expect(graph['2']?.inputs).toMatchObject({ text: '雪山' });
  });

  it('uploads the first frame for image-to-video and copies the mp4', async () => {
    const outFile = path.join(dir, 'v.mp4');
    await createComfyVideoEngine(config()).generate({
      type: 'image',
      prompt: '动起来',
      negativePrompt: '',
      cfgScale: 0.5,
      mode: 'std',
      duration: 5,
      aspectRatio: '9:16',
      image: Buffer.from('frame'),
      outFile,
      workflow: DEFAULT_WORKFLOWS.image2video.graph,
    });
    expect((await probe(outFile)).video?.width).toBe(640);
    const graph = [...comfy.prompts.values()].at(-1)!.graph;
    expect(graph['8']?.inputs?.image).toMatch(/^frame-\d+\.png$/);
    expect(graph['10']?.inputs).toMatchObject({ width: 480, height: 832, length: 81 });
    // No last frame: its LoadImage, its encoding and the links to them are left out.
    expect(graph['11']).toBeUndefined();
    expect(graph['12']).toBeUndefined();
    expect(graph['10']?.inputs).not.toHaveProperty('end_image');
    expect(graph['10']?.inputs).not.toHaveProperty('clip_vision_end_image');
    expect(graph['10']?.inputs).toMatchObject({ start_image: ['8', 0], clip_vision_start_image: ['9', 0] });
  });

  it('uploads the last frame too and fills {{image_tail}} when the order has one', async () => {
    const outFile = path.join(dir, 'v-tail.mp4');
    const uploadsBefore = comfy.requests.filter((q) => q.path === '/upload/image').length;
    await createComfyVideoEngine(config()).generate({
      type: 'image',
      prompt: '从白天到黑夜',
      negativePrompt: '',
      cfgScale: 0.5,
      mode: 'std',
      duration: 5,
      aspectRatio: '16:9',
      image: Buffer.from('first'),
      imageTail: Buffer.from('last'),
      outFile,
      workflow: DEFAULT_WORKFLOWS.image2video.graph,
    });
    expect(comfy.requests.filter((q) => q.path === '/upload/image').length - uploadsBefore).toBe(2);
    const graph = [...comfy.prompts.values()].at(-1)!.graph;
    const first = graph['8']?.inputs?.image;
    const last = graph['11']?.inputs?.image;
    expect(first).toMatch(/^frame-\d+\.png$/);
    expect(last).toMatch(/^frame-\d+\.png$/);
    expect(last).not.toBe(first);
    expect(graph['10']?.inputs).toMatchObject({ start_image: ['8', 0], end_image: ['11', 0], clip_vision_end_image: ['12', 0] });
    expect((await probe(outFile)).video).toBeTruthy();
  });

  it('ComfyUI refuses a graph left with a link to a missing node (what pruning must avoid)', async () => {
    const broken = { ...DEFAULT_WORKFLOWS.image2video.graph };
    delete (broken as Record<string, unknown>)['12'];
    const run = createComfyVideoEngine(config()).generate({
      type: 'image',
      prompt: '动起来',
      negativePrompt: '',
      cfgScale: 0.5,
      mode: 'std',
      duration: 5,
      aspectRatio: '16:9',
      image: Buffer.from('first'),
      imageTail: Buffer.from('last'),
      outFile: path.join(dir, 'broken.mp4'),
      workflow: broken,
    });
    expect(await failure(run)).toBe(aiMediaMessages.badRequest);
  });

  it('a refused graph, a failed run and a missing template are clear failures', async () => {
    const engine = createComfyImageEngine(config());
    const run = (workflow: Record<string, unknown> | undefined, prompt = '山') =>
      failure(engine.generate({ prompt, ratio: '1:1', count: 1, outDir: dir, workflow }));
    expect(await run({ '1': { class_type: 'MissingNode', inputs: {} } })).toBe(aiMediaMessages.badRequest);
    expect(await run(DEFAULT_WORKFLOWS.text2image.graph, '会失败的画')).toBe(aiMediaMessages.remoteFailed);
    expect(await run(undefined)).toBe(aiMediaMessages.badRequest);
  });
});
