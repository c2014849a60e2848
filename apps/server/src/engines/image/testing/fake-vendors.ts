import { createHmac } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg } from '../../../platform/media/ffmpeg.js';
import { startLoopbackFake, type FakeRequest, type FakeServer } from '../../../../test/loopback-fake.js';

/**
 * Loopback fakes of the picture and video vendors, answering as their published API references say:
 * - 可灵 (https://app.klingai.com/global/dev/document-api/apiReference/commonInfo, …/model/imageGeneration,
 *   …/model/textToVideo, …/model/imageToVideo): Bearer JWT (HS256, iss = access key) checked, replies
 *   `{ code, message, request_id, data }`, tasks submitted → processing → succeed with task_result
 *   images[].url / videos[].url, or failed with task_status_msg; errors with their HTTP status and code
 *   (401/1000 auth, 400/1301 content safety, 429/1302 rate, 429/1303 concurrency).
 * - OpenAI images (https://platform.openai.com/docs/api-reference/images/create): POST /v1/images/generations
 *   answered with data[].b64_json or data[].url; errors as { error: { message, type, code } }; and
 *   POST /v1/images/edits (https://platform.openai.com/docs/api-reference/images/createEdit): multipart
 *   form with `image` (png, jpeg or webp by its content type, else 400 invalid_image_format), `prompt`,
 *   `model`, `n`, `size`, `response_format`, answered the same way.
 * What a prompt asks for steers the outcome: "违规" is refused at submit, "风控" fails the task by
 * moderation, "失败" fails the task, "限流" is refused as too many requests, "慢" takes ten times as many polls.
 */
export interface FakeMedia {
  png: string;
  mp4: string;
}

export async function makeFakeMedia(dir: string): Promise<FakeMedia> {
  const png = path.join(dir, 'fake-result.png');
  const mp4 = path.join(dir, 'fake-result.mp4');
  await ffmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=512x512', '-frames:v', '1', png]);
  await ffmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=24:d=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    mp4,
  ]);
  return { png, mp4 };
}

interface Task {
  kind: 'image' | 'video';
  polls: number;
  prompt: string;
  count: number;
  body: Record<string, unknown>;
}

export interface FakeKling extends FakeServer {
  tasks: Map<string, Task>;
}

const KLING_PATHS: Record<string, 'image' | 'video'> = {
  '/v1/images/generations': 'image',
  '/v1/videos/text2video': 'video',
  '/v1/videos/image2video': 'video',
};

function jwtValid(header: string | string[] | undefined, accessKey: string, secretKey: string): boolean {
  const token = typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
  const [head, claims, sig] = token.split('.');
  if (!head || !claims || !sig) return false;
  if (createHmac('sha256', secretKey).update(`${head}.${claims}`).digest('base64url') !== sig) return false;
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { iss?: string; exp?: number };
  return c.iss === accessKey && (c.exp ?? 0) > Date.now() / 1000;
}

export async function startFakeKling(
  media: FakeMedia,
  o: { accessKey: string; secretKey: string; pollsBeforeDone?: number; host?: string },
): Promise<FakeKling> {
  const tasks = new Map<string, Task>();
  let n = 0;
  const reply = (data: unknown) => ({ json: { code: 0, message: 'SUCCEED', request_id: `req-${++n}`, data } });
  const refuse = (status: number, code: number, message: string) => ({
    status,
    json: { code, message, request_id: `req-${++n}` },
  });
  let base = '';
  const fake = await startLoopbackFake({
    host: o.host,
    handle: (req: FakeRequest) => {
      if (req.path.startsWith('/results/')) return { file: req.path.endsWith('.png') ? media.png : media.mp4 };
      if (!jwtValid(req.headers.authorization, o.accessKey, o.secretKey))
        return refuse(401, 1000, 'Authentication failed');
      const kind = KLING_PATHS[req.path];
      if (req.method === 'POST' && kind) {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const prompt = typeof body.prompt === 'string' ? body.prompt : '';
        if (prompt.includes('违规')) return refuse(400, 1301, 'Trigger the content security policy');
        if (prompt.includes('限流')) return refuse(429, 1302, 'The API request is too fast');
        if (kind === 'video' && req.path.endsWith('image2video') && !body.image)
          return refuse(400, 1201, 'image is required');
        const id = `task-${++n}`;
        tasks.set(id, { kind, polls: 0, prompt, count: Number(body.n ?? 1), body });
        return reply({ task_id: id, task_status: 'submitted', created_at: Date.now(), updated_at: Date.now() });
      }
      const m = /^(\/v1\/(?:images\/generations|videos\/text2video|videos\/image2video))\/([^/]+)$/.exec(req.path);
      if (req.method === 'GET' && m) {
        const task = tasks.get(decodeURIComponent(m[2] ?? ''));
        if (!task) return refuse(404, 1203, 'task not found');
        task.polls++;
        const id = m[2];
        const polls = (o.pollsBeforeDone ?? 1) * (task.prompt.includes('慢') ? 10 : 1);
        if (task.polls <= polls)
          return reply({ task_id: id, task_status: task.polls === 1 ? 'submitted' : 'processing' });
        if (task.prompt.includes('风控'))
          return reply({
            task_id: id,
            task_status: 'failed',
            task_status_msg: 'Failure to pass the risk control system',
          });
        if (task.prompt.includes('失败'))
          return reply({ task_id: id, task_status: 'failed', task_status_msg: 'Internal generation error' });
        const task_result =
          task.kind === 'image'
            ? {
                images: Array.from({ length: task.count }, (_, i) => ({
                  index: i,
                  url: `${base}/results/${id}-${i}.png`,
                })),
              }
            : { videos: [{ id: `${id}-v`, url: `${base}/results/${id}.mp4`, duration: '5' }] };
        return reply({ task_id: id, task_status: 'succeed', task_status_msg: '', task_result });
      }
      return refuse(404, 1203, 'not found');
    },
  });
  base = fake.url;
  return { ...fake, tasks };
}

/** What the fake received on the edit call. */
export interface FakeImageEdit {
  fields: Record<string, string>;
  image: { type: string; name: string; bytes: Buffer } | null;
}

export async function startFakeOpenAiImages(
  media: FakeMedia,
  o: {
    apiKey: string;
    format?: 'b64_json' | 'url';
    /** Awaited before a generation or edit is answered: the request stays open until it settles. */
    hold?: () => Promise<void>;
  },
) {
  let base = '';
  const edits: FakeImageEdit[] = [];
  const fake = await startLoopbackFake(async (req) => {
    if (req.path.startsWith('/results/')) return { file: media.png };
    if (req.headers.authorization !== `Bearer ${o.apiKey}`)
      return {
        status: 401,
        json: {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        },
      };
    let body = (req.body ?? {}) as { prompt?: string; n?: number; response_format?: string };
    if (req.method === 'POST' && req.path === '/v1/images/edits') {
      const type = String(req.headers['content-type'] ?? '');
      if (!type.startsWith('multipart/form-data'))
        return {
          status: 400,
          json: { error: { message: 'multipart/form-data expected', type: 'invalid_request_error' } },
        };
      const form = await new Response(new Uint8Array(req.raw), { headers: { 'content-type': type } }).formData();
      const fields: Record<string, string> = {};
      for (const k of ['model', 'prompt', 'n', 'size', 'response_format', 'quality', 'background', 'mask']) {
        const v = form.get(k);
        if (v !== null) fields[k] = typeof v === 'string' ? v : `file:${v.name}`;
      }
      const file = form.get('image');
      const image: FakeImageEdit['image'] =
        file && typeof file !== 'string'
          ? { type: file.type, name: file.name, bytes: Buffer.from(await file.arrayBuffer()) }
          : null;
      edits.push({ fields, image });
      if (!image)
        return {
          status: 400,
          json: {
            error: {
              message: "Missing required parameter: 'image'.",
              type: 'invalid_request_error',
              code: 'missing_required_parameter',
            },
          },
        };
      if (!['image/png', 'image/jpeg', 'image/webp'].includes(image.type))
        return {
          status: 400,
          json: {
            error: {
              message: `Invalid file 'image': unsupported mimetype ('${image.type}').`,
              type: 'invalid_request_error',
              code: 'invalid_image_format',
            },
          },
        };
      body = { prompt: fields.prompt, n: Number(fields.n ?? 1), response_format: fields.response_format };
    } else if (req.method !== 'POST' || req.path !== '/v1/images/generations')
      return { status: 404, json: { error: { message: 'not found' } } };
    await o.hold?.();
    const prompt = body.prompt ?? '';
    if (prompt.includes('违规'))
      return {
        status: 400,
        json: {
          error: {
            message: 'Your request was rejected as a result of our safety system.',
            type: 'image_generation_user_error',
            code: 'content_policy_violation',
          },
        },
      };
    if (prompt.includes('限流'))
      return {
        status: 429,
        json: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      };
    const format = body.response_format ?? o.format ?? 'b64_json';
    const png = await fsp.readFile(media.png);
    const data = Array.from({ length: body.n ?? 1 }, () =>
      format === 'url' ? { url: `${base}/results/img.png` } : { b64_json: png.toString('base64') },
    );
    return { json: { created: Math.floor(Date.now() / 1000), data } };
  });
  base = fake.url;
  return { ...fake, edits };
}

/**
 * A loopback fake of a ComfyUI server's routes (https://docs.comfy.org/development/comfyui-server/comms_routes):
 * POST /prompt queues an API-format graph (HTTP 400 with error and node_errors for an unknown node type,
 * an input linked to a node the graph lacks, or a LoadImage of a file never uploaded — ComfyUI's
 * prompt validation), and keeps the uploaded input names,
 * GET /history/{id} is empty once, then holds the outputs of SaveImage (one file per batch item) or
 * SaveVideo, GET /view serves them, POST /upload/image takes an input frame. A prompt text containing
 * "失败" ends with status_str "error".
 */
export async function startFakeComfyUi(media: FakeMedia) {
  const prompts = new Map<
    string,
    { graph: Record<string, { class_type?: string; inputs?: Record<string, unknown> }>; polls: number }
  >();
  let n = 0;
  const uploaded = new Set<string>();
  const invalid = (message: string) => ({
    status: 400,
    json: { error: { type: 'prompt_outputs_failed_validation', message, details: '' }, node_errors: {} },
  });
  const fake = await startLoopbackFake((req) => {
    if (req.method === 'POST' && req.path === '/upload/image') {
      const name = `frame-${++n}.png`;
      uploaded.add(name);
      return { json: { name, subfolder: '', type: 'input' } };
    }
    if (req.method === 'POST' && req.path === '/prompt') {
      const graph =
        ((req.body ?? {}) as { prompt?: Record<string, { class_type?: string; inputs?: Record<string, unknown> }> })
          .prompt ?? {};
      const unknown = Object.entries(graph).find(([, node]) => node.class_type === 'MissingNode');
      if (unknown)
        return {
          status: 400,
          json: {
            error: {
              type: 'invalid_prompt',
              message: 'Cannot execute because node MissingNode does not exist.',
              details: '',
            },
            node_errors: {},
          },
        };
      for (const [nodeId, node] of Object.entries(graph)) {
        for (const [input, v] of Object.entries(node.inputs ?? {})) {
          if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && !(v[0] in graph))
            return invalid(`Node ${nodeId} input ${input} links to missing node ${v[0]}`);
        }
        if (node.class_type === 'LoadImage' && !uploaded.has(String(node.inputs?.image)))
          return invalid(`Invalid image file: ${String(node.inputs?.image)}`);
      }
      const id = `p-${++n}`;
      prompts.set(id, { graph, polls: 0 });
      return { json: { prompt_id: id, number: n, node_errors: {} } };
    }
    const h = /^\/history\/(.+)$/.exec(req.path);
    if (req.method === 'GET' && h) {
      const id = decodeURIComponent(h[1] ?? '');
      const p = prompts.get(id);
      if (!p || p.polls++ === 0) return { json: {} };
      const nodes = Object.entries(p.graph);
      const failed = nodes.some(([, node]) => JSON.stringify(node.inputs ?? {}).includes('失败'));
      const outputs: Record<string, unknown> = {};
      for (const [key, node] of nodes) {
        if (node.class_type === 'SaveImage') {
          const latent = nodes.find(([, x]) => x.class_type === 'EmptyLatentImage')?.[1];
          const count = Number(latent?.inputs?.batch_size ?? 1);
          outputs[key] = {
            images: Array.from({ length: count }, (_, i) => ({
              filename: `img_${i}.png`,
              subfolder: 'ai-media',
              type: 'output',
            })),
          };
        }
        if (node.class_type === 'SaveVideo')
          outputs[key] = {
            images: [{ filename: 'video_00001.mp4', subfolder: 'ai-media', type: 'output' }],
            animated: [true],
          };
      }
      return {
        json: {
          [id]: {
            prompt: [n, id, p.graph, {}, []],
            outputs: failed ? {} : outputs,
            status: { status_str: failed ? 'error' : 'success', completed: !failed, messages: [] },
          },
        },
      };
    }
    if (req.method === 'GET' && req.path === '/view')
      return { file: (req.query.get('filename') ?? '').endsWith('.mp4') ? media.mp4 : media.png };
    return { status: 404, text: 'not found' };
  });
  return { ...fake, prompts };
}
