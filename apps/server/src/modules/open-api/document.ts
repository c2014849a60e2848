import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openApiErrors } from '@app/contract';
import type { RestRoute } from './rest.js';

type Json = Record<string, unknown>;

/** A request's schema as JSON Schema 2020-12 (what OpenAPI 3.1 speaks), what the caller sends. */
const inputOf = (s: z.ZodType) => strip(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }));
/** A reply's schema, what the server sends. */
const outputOf = (s: z.ZodType) => strip(z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }));
/** Inside an OpenAPI document a schema needs no `$schema` of its own. */
function strip(schema: Json): Json {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

const errorBody: Json = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'A stable code, e.g. invalid_parameter, insufficient_credit' },
        message: { type: 'string', description: 'In Chinese, or English with Accept-Language: en' },
      },
      required: ['code', 'message'],
    },
    data: { type: 'null' },
  },
  required: ['error', 'data'],
};

/** The success body of a call in HeyGen's shapes: v1 `{ code: 100, data, message }`, v2 `{ error: null, data }`. */
function successBody(r: RestRoute): Json {
  const data = outputOf(r.data);
  return r.shape === 'v1'
    ? {
        type: 'object',
        properties: { code: { type: 'integer', const: 100 }, data, message: { type: 'string' } },
        required: ['code', 'data', 'message'],
      }
    : { type: 'object', properties: { error: { type: 'null' }, data }, required: ['error', 'data'] };
}

/** Every refusal status the API answers with, each with the codes it carries. */
function refusals(): Json {
  const byStatus = new Map<number, Set<string>>();
  for (const e of Object.values(openApiErrors)) {
    const codes = byStatus.get(e.status) ?? new Set<string>();
    codes.add(e.code);
    byStatus.set(e.status, codes);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        { $ref: `#/components/responses/Refused${status}`, description: [...codes].join(', ') },
      ]),
  );
}

function operation(r: RestRoute): Json {
  const parameters: Json[] = [];
  if (r.query) {
    const q = inputOf(r.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  if (r.creates) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Repeat a create safely: the same key with the same body within 24 h answers the first reply and ' +
        'charges once; the same key with another body is refused.',
      schema: { type: 'string', maxLength: 255 },
    });
  }
  const op: Json = {
    operationId: r.operationId,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.path.startsWith('/v1/webhook') ? 'webhooks' : r.path.split('/')[2]!.split(/[._]/)[0]!],
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: successBody(r) } } },
      ...refusals(),
    },
  };
  if (r.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: inputOf(r.body) } } };
  } else if (r.raw) {
    op.requestBody = {
      required: true,
      description: r.raw.description,
      content: Object.fromEntries(
        r.raw.contentTypes.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]),
      ),
    };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of the open API, made from the same route definitions that parse its
 * requests and shape its answers, so it cannot drift from what the server does.
 */
export function buildRestOpenApi(routes: readonly RestRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  const responses = Object.fromEntries(
    [...new Set(Object.values(openApiErrors).map((e) => e.status))].map((status) => [
      `Refused${status}`,
      { description: `Refused (${status})`, content: { 'application/json': { schema: errorBody } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'A HeyGen-shaped API: send your key in the X-Api-Key header. Calls spend the key owner’s credits at ' +
        'the web app’s prices. Answers are JSON; refusals carry an HTTP status and { error: { code, message } }.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      responses,
    },
    paths,
  };
}

/** Swagger UI's page for the document, on the files the web protocol's docs already serve. */
const docsPage = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>开放接口文档</title>
<link rel="icon" href="/api/docs/static/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="/v1/docs/init.js"></script>
</body>
</html>
`;
const docsInit = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** Serves the document at /v1/openapi.json and renders it at /v1/docs; neither needs a key. */
export function serveApiDocument(scope: FastifyInstance, document: ReturnType<typeof buildRestOpenApi>) {
  const body = JSON.stringify(document);
  scope.get('/v1/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  scope.get('/v1/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  scope.get('/v1/docs/init.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').send(docsInit));
}
