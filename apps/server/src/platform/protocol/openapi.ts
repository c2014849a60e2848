import { z } from 'zod';
import type { Endpoint } from '@app/contract';

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
const dataOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'output', unrepresentable: 'any', target: 'openapi-3.0' });

/** The OpenAPI document, generated from the same contract that validates params and types the web client. */
export function buildOpenApi(endpoints: Endpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of endpoints) {
    const params = schemaOf(ep.params) as { properties?: Record<string, unknown>; required?: string[] };
    const signed = ep.noSign ? [] : [
      { name: 'timestamp', in: ep.method === 'GET' ? 'query' : 'query', required: true, schema: { type: 'string' }, description: 'unix 秒' },
      { name: 'sign', in: 'query', required: true, schema: { type: 'string' }, description: 'md5 签名' },
    ];
    const op: Record<string, unknown> = {
      summary: ep.summary,
      tags: [ep.tag],
      security: ep.auth === 'none' ? [] : [{ token: [] }],
      responses: {
        200: {
          description: '{ code: 0 成功 | 1 失败 | 100 需要登录, msg, data }',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { code: { type: 'integer', enum: [0, 1, 100] }, msg: { type: 'string' }, data: dataOf(ep.data) },
                required: ['code', 'msg', 'data'],
              },
            },
          },
        },
      },
    };
    if (ep.method === 'GET') {
      op.parameters = [
        ...Object.entries(params.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: params.required?.includes(name) ?? false,
          schema,
        })),
        ...signed,
      ];
    } else {
      op.parameters = signed;
      op.requestBody = { content: { 'application/x-www-form-urlencoded': { schema: params } } };
    }
    (paths[ep.path] ??= {})[ep.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info,
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } } },
    paths,
  };
}
