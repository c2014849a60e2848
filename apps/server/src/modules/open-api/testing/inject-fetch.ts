import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that hands each request to the app in-process (Fastify's inject) instead of a socket:
 * what a generated client sends and receives is the same, with no port to open.
 */
export function injectFetch(app: FastifyInstance): (input: Request) => Promise<Response> {
  return async (input) => {
    const url = new URL(input.url);
    const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: input.method as 'GET' | 'POST' | 'DELETE',
      url: url.pathname + url.search,
      headers: Object.fromEntries(input.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
