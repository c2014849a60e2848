import { defaultHttpPolicy, requestJson, type HttpPolicy } from '../avatar/vendor-http.js';
import { facesOf, renderRemote, type RemotePhotoConfig, type TaskState, type VendorCalls } from './remote.js';
import { PhotoEngineError, type PhotoVideoEngine } from './types.js';

/**
 * D-ID talks (https://docs.d-id.com/reference/createtalk, /reference/gettalk): `POST /talks` with the
 * picture's `source_url` and an audio script (`script.type = audio`, `audio_url`), then `GET /talks/{id}`
 * until `status` is done (`result_url`), error or rejected. The key goes as `Authorization: Basic <key>`.
 */
export interface DidConfig extends RemotePhotoConfig {
  apiKey: string;
  http?: HttpPolicy;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function didCalls(config: DidConfig): VendorCalls {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Basic ${config.apiKey}` };
  const http = config.http ?? defaultHttpPolicy;
  return {
    async submit(imageUrl, audioUrl, signal) {
      const body = (await requestJson(
        {
          method: 'POST',
          url: `${base}/talks`,
          headers,
          json: { source_url: imageUrl, script: { type: 'audio', audio_url: audioUrl } },
          signal,
        },
        http,
      )) as Record<string, unknown>;
      const id = str(body.id);
      if (!id) throw new PhotoEngineError('remoteFailed');
      return id;
    },
    async poll(taskId, signal): Promise<TaskState> {
      const body = (await requestJson(
        { method: 'GET', url: `${base}/talks/${encodeURIComponent(taskId)}`, headers, signal },
        http,
      )) as Record<string, unknown>;
      const status = str(body.status);
      if (status === 'done') {
        const url = str(body.result_url);
        return url ? { state: 'done', url } : { state: 'failed', rejected: false, reason: 'done without result_url' };
      }
      if (status === 'error' || status === 'rejected') {
        const error = body.error as Record<string, unknown> | undefined;
        return { state: 'failed', rejected: status === 'rejected', reason: str(error?.description) || status };
      }
      return { state: 'running' };
    },
  };
}

/** D-ID: one clear face in the picture, checked here before the talk is paid for. */
export function createDidEngine(config: DidConfig): PhotoVideoEngine {
  const calls = didCalls(config);
  return {
    id: 'did',
    maxConcurrency: config.maxConcurrency ?? 2,
    render: (req) => renderRemote(config, calls, req),
    async checkImage(image, signal) {
      const { faces } = await facesOf(image, signal);
      if (faces.length !== 1) throw new PhotoEngineError('oneFaceRequired');
    },
  };
}
