import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const indexModule = fileURLToPath(new URL('./index.ts', import.meta.url));
const configModule = fileURLToPath(new URL('../../config.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** One process reading the local store's secret from `dataDir`, as a server starting up does. */
async function secretFromProcess(dataDir: string): Promise<string> {
  const script = `
    const { storageSecret } = await import(${JSON.stringify(indexModule)});
    const { loadConfig } = await import(${JSON.stringify(configModule)});
    process.stdout.write(storageSecret(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} })));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  return stdout;
}

describe('the local store secret', () => {
  it('is the same complete secret for processes that start at the same moment on an empty folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-secret-'));
    dirs.push(dataDir);
    const secrets = await Promise.all(Array.from({ length: 6 }, () => secretFromProcess(dataDir)));
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(1);
    expect(fs.readFileSync(path.join(dataDir, '.storage-secret'), 'utf8')).toBe(secrets[0]);
    // No half-made temp files are left beside it.
    expect(fs.readdirSync(dataDir)).toEqual(['.storage-secret']);
  });
});
