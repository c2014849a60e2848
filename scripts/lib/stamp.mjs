import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

// Folders that are outputs or local state, never build inputs.
const skippedDirs = new Set(['node_modules', 'dist', 'data', '.test-data', 'coverage', '.git']);

function addTree(hash, absoluteDir) {
  const entries = readdirSync(absoluteDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const full = path.join(absoluteDir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) addTree(hash, full);
    } else if (entry.isFile()) {
      hash.update(`file:${path.relative(repoRoot, full)}\0`);
      hash.update(readFileSync(full));
      hash.update('\0');
    }
  }
}

/** Hashes files and folders (relative to the repo root) plus extra strings; missing paths count as absent. */
export function hashInputs(relativePaths, extras = []) {
  const hash = createHash('sha256');
  for (const relative of relativePaths) {
    const full = path.join(repoRoot, relative);
    if (!existsSync(full)) {
      hash.update(`absent:${relative}\0`);
    } else if (statSync(full).isDirectory()) {
      addTree(hash, full);
    } else {
      hash.update(`file:${relative}\0`);
      hash.update(readFileSync(full));
      hash.update('\0');
    }
  }
  for (const extra of extras) hash.update(`extra:${extra}\0`);
  return hash.digest('hex');
}

export function readStamp(stampPath) {
  try {
    return readFileSync(stampPath, 'utf8').trim();
  } catch {
    return '';
  }
}

export function writeStamp(stampPath, value) {
  writeFileSync(stampPath, `${value}\n`);
}

export function clearStamp(stampPath) {
  rmSync(stampPath, { force: true });
}
