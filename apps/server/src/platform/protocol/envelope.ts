import type { FastifyError, FastifyInstance } from 'fastify';
import { protocolMessages, type Envelope, type ReplyCodeValue } from '@app/contract';
import type { AppConfig } from '../../config.js';
import { AppError } from '../errors.js';
import { encryptData } from './crypto.js';

export function envelope(config: AppConfig, code: ReplyCodeValue, msg: string, data: unknown): Envelope {
  if (config.ENCRYPT_DATA && config.ENCRYPT_KEY && config.ENCRYPT_IV && code === 0) {
    return { code, msg, data: encryptData(data, config.ENCRYPT_KEY, config.ENCRYPT_IV), encrypt: 1 };
  }
  return { code, msg, data: data ?? null };
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Known framework errors that are the client's fault, in the client's language. */
function clientMessage(err: FastifyError): string | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return protocolMessages.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_BAD_URL':
      return protocolMessages.badBody;
    default:
      if (err.statusCode === 429) return protocolMessages.tooMany;
      if (err.statusCode === 413) return protocolMessages.tooLarge;
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 404) return protocolMessages.badBody;
      return null;
  }
}

/** Every /api failure becomes HTTP 200 { code: 1 | 100, msg }; stacks go to the log, never to the client. */
export function installEnvelopeHandlers(app: FastifyInstance, config: AppConfig): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError && isApi(req.url)) return reply.code(200).send(envelope(config, error.code, error.message, error.data));
    const err = error as FastifyError;
    if (!isApi(req.url)) {
      const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      if (status >= 500) req.log.error({ err }, 'request failed');
      return reply.code(status).type('text/plain; charset=utf-8').send(status >= 500 ? protocolMessages.busy : err.message);
    }
    const msg = clientMessage(err);
    if (msg) {
      req.log.info({ code: err.code, status: err.statusCode }, msg);
      return reply.code(200).send(envelope(config, 1, msg, null));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(200).send(envelope(config, 1, protocolMessages.busy, null));
  });
  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return reply.code(200).send(envelope(config, 1, protocolMessages.notFound, null));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
