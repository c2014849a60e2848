import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveSessionMessages as m } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { takeSlot } from '../../platform/limits/counters.js';
import type { LiveConfigRow, LiveConfigs } from './configs.js';
import { liveSettings } from './settings.js';

/** The page a widget's iframe opens (the web app, framed only by the widget's sites). */
export const EMBED_PAGE = '/live-embed.html';
/** The loader a site includes: it inserts the iframe. */
export const EMBED_SCRIPT = '/embed/live.js';

/** Where the site is reached: its configured public address, else where this request came. */
export const siteOrigin = (ctx: AppContext, req: FastifyRequest) =>
  ctx.config.PUBLIC_URL ? ctx.config.publicUrl : `${req.protocol}://${req.host}`;

const originOfUrl = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * The site a widget call comes from: the Origin header (or the Referer's origin) of a call made by
 * another site; for a call from the widget's own page (this site, inside the iframe), the embedding
 * page's origin the widget sends as `host` (the browser has framed it only in a listed site).
 */
export function callerOrigin(ctx: AppContext, req: FastifyRequest, host: string | undefined): string | null {
  const header = typeof req.headers.origin === 'string' && req.headers.origin !== 'null' ? req.headers.origin : '';
  const referer = typeof req.headers.referer === 'string' ? req.headers.referer : '';
  const fromHeaders = originOfUrl(header) ?? originOfUrl(referer);
  const self = new Set([`${req.protocol}://${req.host}`, originOfUrl(ctx.config.publicUrl)]);
  if (fromHeaders && !self.has(fromHeaders)) return fromHeaders;
  if (!fromHeaders) return null;
  return host ? originOfUrl(host) : null;
}

/** A published widget that the calling site may use; refused in the visitor's words otherwise. */
export async function widgetFor(
  ctx: AppContext,
  configs: LiveConfigs,
  req: FastifyRequest,
  p: { key: string; host?: string },
): Promise<LiveConfigRow> {
  const config = await configs.byKey(p.key);
  if (!config?.embedEnabled) throw new AppError(m.embedNotFound);
  const origin = callerOrigin(ctx, req, p.host);
  if (!origin || !config.embedOrigins.includes(origin)) throw new AppError(m.embedOriginRefused);
  return config;
}

/** One of the widget's session starts this minute, counted across processes; refused past the operator's limit. */
export async function takeEmbedStart(ctx: AppContext, config: LiveConfigRow): Promise<void> {
  const { embed_starts_per_minute: limit } = await liveSettings.read(ctx.database.db);
  if (!(await takeSlot(ctx.counters, 'live-embed-start', config.id, 60_000, limit))) throw new AppError(m.embedBusy);
}

/** What a site pastes: the loader, which inserts the widget's iframe where the tag stands (bottom right by default). */
export function embedSnippets(site: string, key: string) {
  return {
    iframe_url: `${site}${EMBED_PAGE}?key=${encodeURIComponent(key)}#/embed/live/${encodeURIComponent(key)}`,
    script: `<script src="${site}${EMBED_SCRIPT}" data-key="${key}" async></script>`,
  };
}

/** The loader: finds its own tag, and puts the widget's iframe in a corner of the page. */
const LOADER = `(function () {
  var me = document.currentScript;
  if (!me) return;
  var key = me.getAttribute('data-key');
  if (!key) return;
  var site = new URL(me.src).origin;
  var frame = document.createElement('iframe');
  frame.src = site + '${EMBED_PAGE}?key=' + encodeURIComponent(key) + '#/embed/live/' + encodeURIComponent(key);
  frame.title = me.getAttribute('data-title') || '数字人';
  frame.allow = 'autoplay; microphone';
  frame.style.cssText = me.getAttribute('data-style') ||
    'position:fixed;right:16px;bottom:16px;width:360px;height:640px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);border:0;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.25);z-index:2147483000;background:transparent';
  (me.parentNode || document.body).insertBefore(frame, me.nextSibling);
})();
`;

/**
 * The widget's two files outside the API: the loader script, and the page its iframe opens — the web
 * app, which another site may frame only when it is one of the widget's sites.
 */
export function embedHttp(ctx: AppContext, configs: LiveConfigs) {
  return async (scope: FastifyInstance) => {
    scope.get(EMBED_SCRIPT, async (_req, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(LOADER),
    );
    scope.get(EMBED_PAGE, async (req, reply) => {
      const key = String((req.query as Record<string, unknown>).key ?? '').slice(0, 64);
      const config = key ? await configs.byKey(key) : null;
      const origins = config?.embedEnabled ? config.embedOrigins : [];
      const html = await fsp.readFile(path.join(ctx.config.webDist, 'index.html'), 'utf8').catch(() => null);
      if (html === null)
        return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send(m.embedNotFound);
      // Framed by the widget's sites only: the policy's frame-ancestors lists them, and the older header goes.
      const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
      const ancestors = ["'self'", ...origins].join(' ');
      reply.raw.removeHeader('x-frame-options');
      return reply
        .header(
          'content-security-policy',
          policy.includes('frame-ancestors')
            ? policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`)
            : `${policy}${policy ? ';' : ''}frame-ancestors ${ancestors}`,
        )
        .header('cache-control', 'no-cache')
        .header('content-type', 'text/html; charset=utf-8')
        .send(html);
    });
  };
}
