import { randomInt } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ImageRatio } from '@app/contract';
import { defaultHttpPolicy, downloadTo, requestJson, VendorHttpError, type HttpPolicy } from '../avatar/vendor-http.js';
import type { VideoGenerationEngine } from '../video-generation/types.js';
import { GenerationError, generationErrorOf } from './errors.js';
import type { ImageEngine } from './types.js';

/**
 * A self-hosted ComfyUI server, through the HTTP routes its server.py serves (documented in
 * https://docs.comfy.org/development/comfyui-server/comms_routes): `POST /prompt` with `{ prompt: <API-format
 * workflow>, client_id }` → `{ prompt_id, number, node_errors }` (HTTP 400 with `error` and `node_errors` when
 * the graph is refused); `GET /history/{prompt_id}` → `{ [id]: { outputs: { node: { images | gifs: [{ filename,
 * subfolder, type }] } }, status: { status_str, completed } } }` (empty while queued); `GET /view?filename=
 * &subfolder=&type=` for the files; `POST /upload/image` (multipart `image`) for input frames.
 * The workflow is the operator's template (table ai_workflows) with {{placeholders}} filled in here.
 */
export interface ComfyUiConfig {
  baseUrl: string;
  maxConcurrency?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  http?: HttpPolicy;
}

export type Workflow = Record<string, unknown>;

export const IMAGE_SIZES: Record<ImageRatio, [number, number]> = {
  '1:1': [1024, 1024],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
  '2:3': [832, 1248],
};
export const VIDEO_SIZES: Record<string, [number, number]> = {
  '16:9': [832, 480],
  '9:16': [480, 832],
  '1:1': [624, 624],
};
/** Wan models make 16 frames a second; their length is 4n + 1 frames. */
const framesFor = (seconds: number) => seconds * 16 + 1;

/** Fills {{name}} placeholders: a string that is only a placeholder takes the value's type (numbers stay numbers). */
export function fillWorkflow(graph: Workflow, values: Record<string, string | number>): Workflow {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{\{(\w+)\}\}$/.exec(v);
      if (whole?.[1] && whole[1] in values) return values[whole[1]];
      return v.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(graph) as Workflow;
}

/**
 * The graph without the nodes that need a placeholder no value was given for (e.g. the last frame's
 * LoadImage when the order has no last frame), and without what only served them: a node fed by a
 * left-out node goes too when everything it feeds is fed by a left-out node as well (the last frame's
 * CLIP vision encoding); the nodes that stay lose their inputs linked to left-out nodes (ComfyUI's
 * optional inputs, such as WanFirstLastFrameToVideo's end_image).
 */
export function withoutNodesNeeding(graph: Workflow, placeholder: string): Workflow {
  const mark = `{{${placeholder}}}`;
  const uses = (v: unknown): boolean =>
    typeof v === 'string'
      ? v.includes(mark)
      : Array.isArray(v)
        ? v.some(uses)
        : v !== null && typeof v === 'object' && Object.values(v).some(uses);
  const isLink = (v: unknown): v is [string, number] =>
    Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number';
  const inputsOf = (node: unknown) => Object.entries((node as { inputs?: Record<string, unknown> }).inputs ?? {});
  const links = (node: unknown) => inputsOf(node).flatMap(([, v]) => (isLink(v) ? [v[0]] : []));
  const nodes = Object.entries(graph);
  const dropped = new Set(nodes.filter(([, n]) => uses(n)).map(([id]) => id));
  if (!dropped.size) return graph;
  const fedByDropped = (id: string) => links(graph[id]).some((x) => dropped.has(x));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id] of nodes) {
      if (dropped.has(id) || !fedByDropped(id)) continue;
      const feeds = nodes.filter(([other, n]) => !dropped.has(other) && links(n).includes(id)).map(([other]) => other);
      if (feeds.every(fedByDropped)) {
        dropped.add(id);
        changed = true;
      }
    }
  }
  const kept: Workflow = {};
  for (const [id, node] of nodes) {
    if (dropped.has(id)) continue;
    const live = inputsOf(node).filter(([, v]) => !(isLink(v) && dropped.has(v[0])));
    kept[id] = { ...(node as object), inputs: Object.fromEntries(live) };
  }
  return kept;
}

interface OutputFile {
  filename: string;
  subfolder: string;
  type: string;
}

const PICTURE = /\.(png|jpe?g|webp)$/i;
const MOVIE = /\.(mp4|webm|mov)$/i;

export function comfyClient(config: ComfyUiConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const http = config.http ?? defaultHttpPolicy;
  const interval = config.pollIntervalMs ?? 3000;

  async function queue(workflow: Workflow, signal?: AbortSignal): Promise<string> {
    let body: unknown;
    try {
      body = await requestJson(
        { method: 'POST', url: `${base}/prompt`, json: { prompt: workflow, client_id: 'ai-media' }, signal },
        http,
      );
    } catch (e) {
      // A refused graph (missing model or node, bad input) is the operator's template, not the user's words.
      if (e instanceof VendorHttpError && e.status === 400) throw new GenerationError('badRequest', { cause: e });
      throw generationErrorOf(e);
    }
    const id = (body as { prompt_id?: unknown }).prompt_id;
    if (typeof id !== 'string' || !id) throw new GenerationError('resultUnusable');
    return id;
  }

  async function wait(id: string, signal?: AbortSignal): Promise<OutputFile[]> {
    const deadline = Date.now() + (config.timeoutMs ?? 30 * 60_000);
    for (;;) {
      let body: unknown;
      try {
        body = await requestJson({ method: 'GET', url: `${base}/history/${encodeURIComponent(id)}`, signal }, http);
      } catch (e) {
        throw generationErrorOf(e);
      }
      const entry = (
        body as Record<
          string,
          { outputs?: Record<string, Record<string, unknown>>; status?: { status_str?: string; completed?: boolean } }
        >
      )[id];
      if (entry?.status?.status_str === 'error') throw new GenerationError('remoteFailed');
      if (entry && (entry.status?.completed ?? true) && entry.outputs) {
        const files: OutputFile[] = [];
        for (const node of Object.values(entry.outputs))
          for (const list of Object.values(node))
            if (Array.isArray(list))
              for (const f of list as Partial<OutputFile>[])
                if (f && typeof f.filename === 'string' && f.type !== 'temp')
                  files.push({ filename: f.filename, subfolder: f.subfolder ?? '', type: f.type ?? 'output' });
        return files;
      }
      if (Date.now() > deadline) throw new GenerationError('remoteTimeout');
      await delay(interval, undefined, { signal });
    }
  }

  async function fetchFile(f: OutputFile, file: string, signal?: AbortSignal): Promise<void> {
    const q = new URLSearchParams({ filename: f.filename, subfolder: f.subfolder, type: f.type });
    try {
      await downloadTo(`${base}/view?${q.toString()}`, file, http, signal);
    } catch (e) {
      throw generationErrorOf(e);
    }
  }

  /** Puts an input frame in ComfyUI's input folder; returns the name LoadImage reads. */
  async function upload(bytes: Buffer, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([bytes]), name);
    form.append('overwrite', 'true');
    try {
      const res = await fetch(`${base}/upload/image`, { method: 'POST', body: form, signal });
      const body = (await res.json()) as { name?: unknown; subfolder?: unknown };
      if (!res.ok || typeof body.name !== 'string') throw new GenerationError('badRequest');
      return typeof body.subfolder === 'string' && body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
    } catch (e) {
      throw generationErrorOf(e);
    }
  }

  return { queue, wait, fetchFile, upload };
}

const needWorkflow = (w: Workflow | undefined): Workflow => {
  if (!w) throw new GenerationError('badRequest');
  return w;
};

export function createComfyImageEngine(config: ComfyUiConfig): ImageEngine {
  const api = comfyClient(config);
  return {
    id: 'comfyui',
    maxConcurrency: config.maxConcurrency ?? 1,
    supportsReference: false,
    async generate(req) {
      let id = req.taskId;
      if (!id) {
        const [width, height] = IMAGE_SIZES[req.ratio];
        const graph = fillWorkflow(needWorkflow(req.workflow), {
          prompt: req.prompt,
          negative_prompt: '',
          width,
          height,
          count: req.count,
          seed: randomInt(2 ** 47),
        });
        id = await api.queue(graph, req.signal);
        await req.onTask?.(id);
      }
      const outputs = (await api.wait(id, req.signal)).filter((f) => PICTURE.test(f.filename)).slice(0, req.count);
      if (!outputs.length) throw new GenerationError('resultUnusable');
      const files: string[] = [];
      for (const [i, f] of outputs.entries()) {
        const file = path.join(req.outDir, `comfyui-${i}${path.extname(f.filename).toLowerCase()}`);
        await api.fetchFile(f, file, req.signal);
        files.push(file);
      }
      return files;
    },
  };
}

export function createComfyVideoEngine(config: ComfyUiConfig): VideoGenerationEngine {
  const api = comfyClient(config);
  return {
    id: 'comfyui',
    maxConcurrency: config.maxConcurrency ?? 1,
    async generate(req) {
      let id = req.taskId;
      if (!id) {
        const [width, height] = VIDEO_SIZES[req.aspectRatio] ?? [832, 480];
        const values: Record<string, string | number> = {
          prompt: req.prompt,
          negative_prompt: req.negativePrompt,
          width,
          height,
          frames: framesFor(req.duration),
          cfg: Math.round((1 + req.cfgScale * 9) * 10) / 10,
          seed: randomInt(2 ** 47),
        };
        if (req.image) values.image = await api.upload(req.image, `frame-${randomInt(1e9)}.png`, req.signal);
        if (req.imageTail)
          values.image_tail = await api.upload(req.imageTail, `tail-${randomInt(1e9)}.png`, req.signal);
        // Without a last frame, the template's last-frame nodes and their links are left out.
        const template = values.image_tail
          ? needWorkflow(req.workflow)
          : withoutNodesNeeding(needWorkflow(req.workflow), 'image_tail');
        id = await api.queue(fillWorkflow(template, values), req.signal);
        await req.onTask?.(id);
      }
      const out = (await api.wait(id, req.signal)).find((f) => MOVIE.test(f.filename));
      if (!out) throw new GenerationError('resultUnusable');
      const raw = `${req.outFile}${path.extname(out.filename).toLowerCase()}`;
      await api.fetchFile(out, raw, req.signal);
      await fsp.rename(raw, req.outFile);
    },
  };
}
