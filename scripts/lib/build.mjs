import { existsSync } from 'node:fs';
import { header, note, problem } from './console.mjs';
import { fromRoot } from './paths.mjs';
import { npmCommand, run } from './run.mjs';
import { clearStamp, hashInputs, readStamp, writeStamp } from './stamp.mjs';

export const defaultSignSecret = 'dev-sign-secret';

/** The web bundle bakes in the signing secret and the reply-encryption settings the server uses. */
export function webBuildEnv(env = process.env) {
  const built = { ...env, VITE_SIGN_SECRET: env.SIGN_SECRET || defaultSignSecret };
  for (const name of ['ENCRYPT_DATA', 'ENCRYPT_KEY', 'ENCRYPT_IV']) {
    if (env[name] !== undefined) built[`VITE_${name}`] = env[name];
  }
  return built;
}

function bakedEnv(env) {
  return Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort()
    .map((name) => `${name}=${env[name]}`);
}

const shared = ['packages/contract', 'package-lock.json', 'tsconfig.base.json'];

const targets = {
  web: { workspace: 'apps/web', output: 'apps/web/dist/index.html', env: webBuildEnv },
  server: { workspace: 'apps/server', output: 'apps/server/dist/main.js', env: (env = process.env) => ({ ...env }) },
};

async function buildOne(name) {
  const target = targets[name];
  const env = target.env();
  const stampPath = fromRoot('node_modules', `.stamp-build-${name}`);
  const identity = hashInputs([target.workspace, ...shared], name === 'web' ? bakedEnv(env) : []);
  header(`build ${name}`);
  if (existsSync(fromRoot(target.output)) && readStamp(stampPath) === identity) {
    note(`${target.workspace} unchanged since its last build; skipped`);
    return true;
  }
  // A build that dies halfway must not leave a stamp that vouches for its output.
  clearStamp(stampPath);
  const code = await run(npmCommand, ['run', 'build', '-w', target.workspace], { env });
  if (code !== 0 || !existsSync(fromRoot(target.output))) {
    problem(code !== 0 ? `build ${name} failed (exit ${code})` : `build ${name} did not produce ${target.output}`);
    return false;
  }
  writeStamp(stampPath, identity);
  return true;
}

/** Builds web then server, each skipped when its inputs match the last successful build; returns failed names. */
export async function buildAll() {
  const failed = [];
  for (const name of ['web', 'server']) {
    if (!(await buildOne(name))) failed.push(name);
  }
  return failed;
}
