import { analyseMessages, findShareLink, viralMessages as m, type TikTokProfile } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { guardedGet, LinkRefusal } from '../../platform/security/public-address.js';

/** A profile page is read up to this many bytes. */
const PAGE_MAX = 2 * 1024 * 1024;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

function meta(html: string, name: string): string {
  const re = new RegExp(
    `<meta[^>]+(?:name|property)=["']${name}["'][^>]*content=["']([^"']*)["']|<meta[^>]+content=["']([^"']*)["'][^>]*(?:name|property)=["']${name}["']`,
    'i',
  );
  const hit = re.exec(html);
  return decode(hit?.[1] ?? hit?.[2] ?? '').trim();
}

/** The readable words of a page: scripts, styles and tags dropped, whitespace folded. */
function visibleText(html: string): string {
  return decode(
    html
      .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Reads a creator's public profile page (every hop checked to be a public address): name, bio and its text. */
export async function readProfile(ctx: AppContext, pasted: string | undefined): Promise<TikTokProfile> {
  if (!pasted?.trim()) throw new AppError(m.profileRequired);
  const link = findShareLink(pasted);
  if (!link) throw new AppError(analyseMessages.linkNotFound);
  let html: string;
  let url: string;
  try {
    const res = await guardedGet(link, {
      allowedAddresses: ctx.config.TEST_ONLY_ALLOWED_LINK_ADDRESSES,
      timeoutMs: 15_000,
      headers: { accept: 'text/html', 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    url = res.url;
    if (res.status !== 200) {
      res.body.resume();
      throw new AppError(m.profileUnreadable);
    }
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const c of res.body as AsyncIterable<Buffer>) {
      size += c.length;
      if (size > PAGE_MAX) break;
      chunks.push(c);
    }
    res.body.destroy();
    html = Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof LinkRefusal)
      throw new AppError(e.reason === 'private' ? analyseMessages.linkPrivate : m.profileUnreadable);
    throw new AppError(m.profileUnreadable);
  }
  const title = decode(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '').trim();
  const nickname = meta(html, 'og:title') || title;
  const bio = meta(html, 'og:description') || meta(html, 'description');
  const text = visibleText(html).slice(0, 4000);
  if (!nickname && !bio && text.length < 10) throw new AppError(m.profileUnreadable);
  return { link: url, nickname, bio, text };
}
