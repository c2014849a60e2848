import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../apps/server/src/config.js';
import { anchorOf, configurationPage, readConfigDocs, renderConfigurationPage } from './docs-config.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** README.md and every page under docs/. */
function documentationFiles(): string[] {
  const docs = path.join(root, 'docs');
  const pages = fs
    .readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(docs, name));
  return [path.join(root, 'README.md'), ...pages];
}

/** Markdown without its fenced code blocks. */
const withoutFences = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
/** Markdown without fenced code blocks and inline code, where a bracket is no link. */
const prose = (text: string) => withoutFences(text).replace(/`[^`\n]*`/g, '');

/** The anchors of a page's headings as GitHub makes them (a repeated heading gets -1, -2…). */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const heading = match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = anchorOf(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** Every relative link or anchor of a page that leads to no file or no heading, as "target: reason". */
export function brokenLinks(file: string, text: string, read = (f: string) => fs.readFileSync(f, 'utf8')): string[] {
  const problems: string[] = [];
  for (const match of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:…
    const [where = '', anchor] = target.split('#');
    const destination = where ? path.resolve(path.dirname(file), decodeURIComponent(where)) : file;
    if (destination !== file && !fs.existsSync(destination)) {
      problems.push(`${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!destination.endsWith('.md')) {
      problems.push(`${target}: an anchor into a file that is not markdown`);
      continue;
    }
    if (!anchorsOf(read(destination)).has(decodeURIComponent(anchor))) problems.push(`${target}: no such heading`);
  }
  return problems;
}

describe('documentation', () => {
  it('docs/configuration.md is what npm run docs:config writes from config.ts', async () => {
    const committed = fs.readFileSync(configurationPage, 'utf8');
    // On a difference: run `npm run docs:config` and commit the page.
    expect(committed).toBe(await renderConfigurationPage());
  });

  it('documents every configuration key, each with its own doc comment', () => {
    const page = fs.readFileSync(configurationPage, 'utf8');
    const keys = Object.keys(envSchema.shape);
    expect(keys.length).toBeGreaterThan(100);
    const missing = keys.filter((key) => !page.includes(`| \`${key}\``));
    expect(missing).toEqual([]);
    const documented = readConfigDocs().keys;
    expect(documented.map((k) => k.key).sort()).toEqual([...keys].sort());
    expect(documented.filter((k) => k.doc.length < 10).map((k) => k.key)).toEqual([]);
  });

  it('every relative link and anchor in README.md and docs/ resolves', () => {
    const files = documentationFiles();
    expect(files.map((f) => path.relative(root, f))).toContain('docs/configuration.md');
    const broken = files.flatMap((file) =>
      brokenLinks(file, fs.readFileSync(file, 'utf8')).map((p) => `${path.relative(root, file)}: ${p}`),
    );
    expect(broken).toEqual([]);
  });

  it('README.md stays within 200 lines and its module map names exactly the module folders', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    const map = readme.slice(
      readme.indexOf('## Module map'),
      readme.indexOf('\n## ', readme.indexOf('## Module map') + 1),
    );
    const named = [...map.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]).sort();
    const modules = path.join(root, 'apps/server/src/modules');
    const folders = fs
      .readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(modules, entry.name, 'module.ts')))
      .map((entry) => entry.name)
      .sort();
    expect(folders.length).toBeGreaterThan(10);
    expect(named).toEqual(folders);
  });

  it('the link check finds a missing file, a missing heading and a link into a code-free heading', () => {
    const file = path.join(root, 'docs', 'example.md');
    const text = [
      '# Example page',
      '## Scaling out, `ROLE` & 角色',
      'See [a](missing.md), [b](#nowhere), [c](#example-page), [d](#scaling-out-role--角色),',
      '[e](../README.md#no-such-heading), [f](https://example.com/x), and `[g](in-code.md)`.',
      '```',
      '[h](in-fence.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(file, text, (f) => (f === file ? text : '# Readme\n'))).toEqual([
      'missing.md: no such file',
      '#nowhere: no such heading',
      '../README.md#no-such-heading: no such heading',
    ]);
  });

  it("reads each key's doc comment and section, also from the engine shapes config.ts spreads in", () => {
    const { keys } = readConfigDocs();
    expect(keys.find((k) => k.key === 'PORT')).toMatchObject({ section: 'Server', doc: 'HTTP port.' });
    expect(keys.find((k) => k.key === 'SPEECH_FISH_KEY')).toMatchObject({
      section: 'Speech engines',
      file: 'apps/server/src/engines/speech/env.ts',
    });
  });

  it('refuses to build the page when a key has no doc comment, or an @default beside a schema default', async () => {
    const docs = readConfigDocs();
    const without = (key: string, change: object) => ({
      ...docs,
      keys: docs.keys.map((k) => (k.key === key ? { ...k, ...change } : k)),
    });
    await expect(renderConfigurationPage(without('PORT', { doc: '' }))).rejects.toThrow(/PORT .*no \/\*\* doc comment/);
    await expect(renderConfigurationPage(without('PORT', { fallback: '80' }))).rejects.toThrow(/PORT: @default/);
  });
});
