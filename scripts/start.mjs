// `npm start`: installs what is missing, builds what changed, then runs the one-process app.
// Only node builtins here: this runs before `npm ci` has ever been run.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildAll, defaultSignSecret } from './lib/build.mjs';
import { header, note, problem } from './lib/console.mjs';
import { ensureDependencies } from './lib/install.mjs';
import { requireNodeVersion } from './lib/node-version.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { appPackages, ensureSystemPackages } from './lib/system-packages.mjs';

requireNodeVersion();
if (!(await ensureSystemPackages(appPackages))) process.exit(1);
if (!(await ensureDependencies())) process.exit(1);
const failedBuilds = await buildAll();
if (failedBuilds.length > 0) {
  problem(`build failed: ${failedBuilds.join(', ')}`);
  process.exit(1);
}

const env = {
  ...process.env,
  PORT: process.env.PORT || '8080',
  DATA_DIR: process.env.DATA_DIR || fromRoot('data'),
  // The server must verify signatures with the same secret the web bundle was built with.
  SIGN_SECRET: process.env.SIGN_SECRET || defaultSignSecret,
};

header('server');
note(`http://localhost:${env.PORT}  (data in ${env.DATA_DIR})`);
const server = spawn(process.execPath, [fromRoot('apps', 'server', 'dist', 'main.js')], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
  // Its own process group, so Ctrl+C reaches it once (relayed below) rather than twice.
  detached: true,
});

// The server owns shutdown (draining jobs, closing the database); this process only relays the signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// Detached children outlive their parent, so never leave one behind.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('error', (error) => {
  problem(`cannot start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
