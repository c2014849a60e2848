import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { header, note, problem } from './console.mjs';
import { fromRoot } from './paths.mjs';
import { npmCommand, run } from './run.mjs';
import { readStamp, writeStamp } from './stamp.mjs';

const stampPath = fromRoot('node_modules', '.stamp-npm-ci');

// Native addons are built per Node ABI and platform, so those count as part of the install's identity.
function lockIdentity() {
  const hash = createHash('sha256');
  hash.update(readFileSync(fromRoot('package-lock.json')));
  hash.update(`\0${process.versions.modules}\0${process.platform}\0${process.arch}`);
  return hash.digest('hex');
}

/** Runs `npm ci` when node_modules is missing or package-lock.json changed since the last install. */
export async function ensureDependencies() {
  header('dependencies');
  const identity = lockIdentity();
  if (existsSync(fromRoot('node_modules')) && readStamp(stampPath) === identity) {
    note('node_modules matches package-lock.json');
    return true;
  }
  note('running npm ci');
  if ((await run(npmCommand, ['ci', '--no-audit', '--no-fund'])) !== 0) {
    problem('npm ci failed');
    return false;
  }
  writeStamp(stampPath, identity);
  return true;
}
