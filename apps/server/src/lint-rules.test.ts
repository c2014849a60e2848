import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration, run through ESLint's API on small deliberate violations
// placed in the real tree (the fences are drawn by folder), to show that each rule catches them.
const root = path.resolve(import.meta.dirname, '../../..');
const server = 'apps/server/src';
// Two production files that import each other, written for the cycle case and removed afterwards.
const tag = `lint-cycle-${process.pid}`;
const cycle = [`${server}/platform/${tag}-a.ts`, `${server}/platform/${tag}-b.ts`];

let eslint: ESLint;
beforeAll(() => {
  fs.writeFileSync(
    path.join(root, cycle[0]!),
    `import { b } from './${tag}-b.js';\n\nexport const a = (): number => b() + 1;\n`,
  );
  fs.writeFileSync(
    path.join(root, cycle[1]!),
    `import { a } from './${tag}-a.js';\n\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
  );
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});
afterAll(() => {
  for (const file of cycle) fs.rmSync(path.join(root, file), { force: true });
});

/** What the lint says about `code` placed at `file` (an existing file of the tree, whose text it replaces). */
async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages;
}
const byRule = (messages: Linter.LintMessage[], rule: string) => messages.filter((m) => m.ruleId === rule);

describe('the lint configuration', () => {
  it('refuses a module importing another module’s internals, and lets it through that module’s index.ts', async () => {
    const file = `${server}/modules/works/module.ts`;
    const internal = await lint(
      file,
      "import { systemJobs } from '../system/jobs.js';\n\nexport const jobs = systemJobs;\n",
    );
    expect(byRule(internal, 'import-x/no-restricted-paths').map((m) => m.message)).toEqual([
      expect.stringContaining('Modules meet only through their index.ts'),
    ]);
    const viaIndex = await lint(
      file,
      "import { systemModule } from '../system/index.js';\n\nexport const m = systemModule;\n",
    );
    expect(byRule(viaIndex, 'import-x/no-restricted-paths')).toEqual([]);
  }, 180_000);

  it('refuses the platform and the engines importing a module; their tests may', async () => {
    const code = "import { systemModule } from '../../modules/system/index.js';\n\nexport const m = systemModule;\n";
    for (const [file, layer] of [
      [`${server}/platform/queue/engine-slots.ts`, 'platform/'],
      [`${server}/engines/avatar/index.ts`, 'engines/'],
    ] as const)
      expect(
        byRule(await lint(file, code), 'import-x/no-restricted-paths').map((m) => m.message),
        file,
      ).toEqual([expect.stringContaining(`${layer} imports nothing from modules/`)]);
    const test = await lint(`${server}/platform/queue/queue.db.test.ts`, code);
    expect(byRule(test, 'import-x/no-restricted-paths')).toEqual([]);
  }, 180_000);

  it('refuses an import cycle in production code', async () => {
    const results = await eslint.lintFiles(cycle.map((file) => path.join(root, file)));
    expect(results).toHaveLength(2);
    for (const result of results)
      expect(
        byRule(result.messages, 'import-x/no-cycle').map((m) => m.message),
        result.filePath,
      ).toEqual([expect.stringMatching(/^Dependency cycle/)]);
  }, 180_000);

  it('refuses a module importing another module’s table', async () => {
    const messages = await lint(
      `${server}/modules/system/sweep-temp.ts`,
      "import { works } from '../../db/schema/index.js';\n\nexport const table = works;\n",
    );
    expect(byRule(messages, 'no-restricted-imports').map((m) => m.message)).toEqual([
      expect.stringContaining("Another module's table"),
    ]);
  }, 180_000);
});
