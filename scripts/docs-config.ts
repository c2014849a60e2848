// `npm run docs:config`: writes docs/configuration.md from the server's environment schema, so the page
// cannot drift from the code. Each variable's meaning is the /** doc comment */ on its key (read with the
// TypeScript compiler API from config.ts and the engine env shapes it spreads in); its default and the
// values it accepts come from the zod schema itself. A `// Section: Title` line comment before a key
// starts a section (the comment lines under it are the section's introduction); keys of a spread shape
// stay in the section of the spread unless the shape marks its own. A key without a zod default may
// name what it falls back to with an `@default` tag. `--check` compares instead of writing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';
import type { z } from 'zod';
import { envSchema } from '../apps/server/src/config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const configSource = path.join(root, 'apps/server/src/config.ts');
export const configurationPage = path.join(root, 'docs/configuration.md');

export interface DocumentedKey {
  key: string;
  section: string;
  doc: string;
  /** What an `@default` tag says the key falls back to (only for keys without a zod default). */
  fallback?: string;
  /** The file that declares the key, relative to the repository root. */
  file: string;
}

export interface Section {
  title: string;
  intro: string;
}

const sectionMarker = /^\/\/\s*Section:\s*(.+)$/;

/** The section a run of `//` comments before a node opens, with its introduction, if it opens one. */
function sectionBefore(text: string, node: ts.Node): Section | undefined {
  const lines = (ts.getLeadingCommentRanges(text, node.pos) ?? [])
    .filter((range) => range.kind === ts.SyntaxKind.SingleLineCommentTrivia)
    .map((range) => text.slice(range.pos, range.end).trim());
  const start = lines.findIndex((line) => sectionMarker.test(line));
  if (start < 0) return undefined;
  const title = sectionMarker.exec(lines[start]!)![1]!.trim();
  const intro = lines
    .slice(start + 1)
    .map((line) => line.replace(/^\/\/\s?/, ''))
    .join('\n')
    .trim();
  return { title, intro };
}

function jsDocOf(node: ts.Node): { doc: string; fallback?: string } {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs
    .map((d) => ts.getTextOfJSDocComment(d.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const tag = docs.flatMap((d) => d.tags ?? []).find((t) => t.tagName.text === 'default');
  const fallback = tag ? (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim() : undefined;
  return { doc, fallback };
}

const parsed = new Map<string, ts.SourceFile>();
function sourceFile(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function unwrapObject(expr: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  let e = expr;
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)))
    e = e.expression;
  if (e && ts.isCallExpression(e) && e.arguments.length === 1) e = e.arguments[0]; // z.object({...})
  return e && ts.isObjectLiteralExpression(e) ? e : undefined;
}

/** The object literal a name stands for in a file: a const declared there, or one it imports. */
function objectNamed(file: string, name: string): { file: string; object: ts.ObjectLiteralExpression } {
  const source = sourceFile(file);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.name.text === name) {
          const object = unwrapObject(decl.initializer);
          if (object) return { file, object };
        }
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((el) => el.name.text === name)) {
        const target = path.resolve(path.dirname(file), statement.moduleSpecifier.text.replace(/\.js$/, '.ts'));
        const imported = bindings.elements.find((el) => el.name.text === name)!;
        return objectNamed(target, (imported.propertyName ?? imported.name).text);
      }
    }
  }
  throw new Error(`${path.relative(root, file)}: no object literal named ${name}`);
}

/** Every key of the server's environment schema with its doc comment and section, in declaration order. */
export function readConfigDocs(): { keys: DocumentedKey[]; sections: Section[] } {
  const keys: DocumentedKey[] = [];
  const sections = new Map<string, Section>();
  const open = (section: Section) => {
    const known = sections.get(section.title);
    if (!known) sections.set(section.title, section);
    else if (section.intro) known.intro = [known.intro, section.intro].filter(Boolean).join('\n');
    return section.title;
  };
  const walk = (file: string, object: ts.ObjectLiteralExpression, outer: string) => {
    const text = sourceFile(file).text;
    let section = outer;
    for (const property of object.properties) {
      const marker = sectionBefore(text, property);
      if (marker) section = open(marker);
      if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
        const spread = objectNamed(file, property.expression.text);
        walk(spread.file, spread.object, section);
      } else if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
        if (!section) throw new Error(`${property.name.text}: no "// Section:" comment before it`);
        keys.push({ key: property.name.text, section, ...jsDocOf(property), file: path.relative(root, file) });
      } else {
        throw new Error(`${path.relative(root, file)}: cannot read property ${property.getText()}`);
      }
    }
  };
  walk(configSource, objectNamed(configSource, 'envSchema').object, '');
  return { keys, sections: [...sections.values()] };
}

type Schema = z.ZodType;
interface Def {
  type: string;
  in?: Schema;
  out?: Schema;
  innerType?: Schema;
  defaultValue?: unknown;
  entries?: Record<string, string>;
  format?: string;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; format?: string } } }[];
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The default of a field and the schema of the values it accepts, through preprocess, transform and optional. */
function inspect(schema: Schema): { base: Schema; default?: unknown } {
  const def = defOf(schema);
  if (def.type === 'pipe') {
    const inner = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    return inspect(inner);
  }
  if (def.type === 'default') return { ...inspect(def.innerType!), default: def.defaultValue };
  if (def.type === 'optional') return inspect(def.innerType!);
  return { base: schema };
}

const flagValues = ['0', '1', 'true', 'false', 'yes', 'no'];
const code = (value: string) => (value === '' ? 'empty' : `\`${value}\``);

function accepts(base: Schema): string {
  const def = defOf(base);
  if (def.type === 'enum') {
    const values = Object.values(def.entries ?? {});
    if (values.length === flagValues.length && values.every((v) => flagValues.includes(v)))
      return '`1` or `0` (also `true`/`false`, `yes`/`no`)';
    return `one of ${values.map(code).join(', ')}`;
  }
  if (def.type === 'number') {
    const checks = (def.checks ?? []).map((c) => c._zod.def);
    const integer = checks.some((c) => c.check === 'number_format' && c.format === 'safeint');
    const low = checks.find((c) => c.check === 'greater_than');
    const high = checks.find((c) => c.check === 'less_than');
    const noun = integer ? 'an integer' : 'a number';
    if (low && high && low.inclusive && high.inclusive) return `${noun} from ${low.value} to ${high.value}`;
    const bounds = [
      low ? `${low.inclusive ? '≥' : '>'} ${low.value}` : '',
      high ? `${high.inclusive ? '≤' : '<'} ${high.value}` : '',
    ].filter(Boolean);
    return [noun, ...bounds].join(' ');
  }
  const url = def.format === 'url' || (def.checks ?? []).some((c) => c._zod.def.format === 'url');
  if (def.type === 'string' && url) return 'a URL';
  return '';
}

/** A default as the page shows it, with a readable size or duration beside large numbers. */
function showDefault(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.length ? code(value.join(',')) : 'empty';
  const text = code(String(value));
  if (typeof value !== 'number') return text;
  const units: [RegExp, [number, string][]][] = [
    [
      /_MS$/,
      [
        [3_600_000, 'h'],
        [60_000, 'min'],
      ],
    ],
    [/_SECONDS$/, [[3600, 'h']]],
    [
      /_BYTES$/,
      [
        [1024 ** 3, 'GiB'],
        [1024 ** 2, 'MiB'],
      ],
    ],
  ];
  for (const [pattern, steps] of units) {
    if (!pattern.test(key)) continue;
    const step = steps.find(([size]) => value >= size && value % size === 0);
    if (step) return `${text} (${value / step[0]} ${step[1]})`;
  }
  return value >= 1e9 ? `${text} (${value.toExponential().replace('+', '')})` : text;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The configuration page, formatted as the repository's prettier would leave it. */
export async function renderConfigurationPage(docs = readConfigDocs()): Promise<string> {
  const { keys, sections } = docs;
  const shape = envSchema.shape as Record<string, Schema>;
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` from the doc comments in apps/server/src/config.ts and the',
    'engine env shapes it spreads in (apps/server/src/engines/*/env.ts). Edit those, not this page. -->',
    '',
    'Everything is set through environment variables. The server reads and validates them once at start',
    '(`apps/server/src/config.ts`) and stops with the list of every wrong value. An empty variable counts as',
    'unset. The engine settings of the [operator console](operator-console.md#engine-settings) can keep',
    'engine variables in the database instead; a variable set in the environment always wins over the',
    'console.',
    '',
    ...sections.map((s) => `- [${s.title}](#${anchorOf(s.title)})`),
  ];
  for (const section of sections) {
    lines.push('', `## ${section.title}`, '');
    if (section.intro) lines.push(section.intro, '');
    lines.push('| variable | meaning | default |', '| --- | --- | --- |');
    for (const entry of keys.filter((k) => k.section === section.title)) {
      const field = shape[entry.key];
      if (!field) throw new Error(`${entry.key}: declared in ${entry.file} but not in the schema`);
      if (!entry.doc) throw new Error(`${entry.key} (${entry.file}) has no /** doc comment */`);
      const { base, default: value } = inspect(field);
      if (value !== undefined && entry.fallback !== undefined)
        throw new Error(`${entry.key}: @default repeats the schema's default; remove the tag`);
      const shown = value !== undefined ? showDefault(entry.key, value) : (entry.fallback ?? 'unset');
      const allowed = accepts(base);
      const meaning = allowed ? `${entry.doc} Accepts ${allowed}.` : entry.doc;
      lines.push(`| \`${entry.key}\` | ${cell(meaning)} | ${cell(shown)} |`);
    }
  }
  const options = (await prettier.resolveConfig(configurationPage)) ?? {};
  return prettier.format(lines.join('\n') + '\n', { ...options, parser: 'markdown' });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const page = await renderConfigurationPage();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(configurationPage) ? fs.readFileSync(configurationPage, 'utf8') : '';
    if (current !== page) {
      console.error(`${path.relative(root, configurationPage)} is out of date: run npm run docs:config`);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(configurationPage, page);
    console.log(`wrote ${path.relative(root, configurationPage)} (${readConfigDocs().keys.length} variables)`);
  }
}
