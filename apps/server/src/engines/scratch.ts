import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** A fresh scratch folder (under DATA_DIR) for one step of one job; the caller removes it. */
export async function scratchDir(dataDir: string, name: string): Promise<string> {
  const dir = path.join(dataDir, 'scratch', 'studio', name);
  await mkdir(dir, { recursive: true });
  return dir;
}
