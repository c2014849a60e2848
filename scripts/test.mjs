// `npm test`: system packages, install, lint, typecheck, build, then every vitest project.
// Checks keep going after a failure so one CI log shows every problem; the run fails if any did.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from './lib/build.mjs';
import { header, note, problem } from './lib/console.mjs';
import { ensureDependencies } from './lib/install.mjs';
import { requireNodeVersion } from './lib/node-version.mjs';
import { fromRoot } from './lib/paths.mjs';
import { run, runCaptured } from './lib/run.mjs';
import { ensureSystemPackages, testPackages } from './lib/system-packages.mjs';
import { addSummaries, slowestFiles, summarize, summaryLine } from './lib/vitest-summary.mjs';

const workspaces = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'scripts'];
const bin = (name) => fromRoot('node_modules', '.bin', name);
const failedSteps = [];

function printTail(file, lines) {
  if (!existsSync(file)) return;
  header(`the last ${lines} lines of ${path.relative(fromRoot(), file)}`);
  console.log(readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n'));
}

function finish(counts) {
  if (failedSteps.length > 0) problem(`failed steps: ${failedSteps.join(', ')}`);
  console.log(summaryLine(counts));
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

const noTests = { passed: 0, failed: 0, skipped: 0 };
requireNodeVersion();
if (!(await ensureSystemPackages(testPackages))) {
  failedSteps.push('system packages');
  finish(noTests);
}
if (!(await ensureDependencies())) {
  failedSteps.push('npm ci');
  finish(noTests);
}

// Lint runs beside the type checks (two cores); its log is printed whole when both are done.
const lint = runCaptured(bin('eslint'), ['--max-warnings', '0', '.']);
for (const workspace of workspaces) {
  header(`typecheck: tsc --noEmit -p ${workspace}`);
  if ((await run(bin('tsc'), ['--noEmit', '-p', workspace])) !== 0) failedSteps.push(`typecheck ${workspace}`);
}
const linted = await lint;
header('lint: eslint --max-warnings 0 .');
process.stdout.write(linted.output);
if (linted.code !== 0) failedSteps.push('lint');

const failedBuilds = await buildAll();
for (const name of failedBuilds) failedSteps.push(`build ${name}`);

const reportDir = mkdtempSync(path.join(tmpdir(), 'vitest-report-'));
const vitestArgs = (project, report) => [
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reportDir, report)}`,
];
// Browser tests must not pass against an older build left in dist/ when this one failed.
const vitestEnv = { ...process.env, E2E_BUILD_FAILED: failedBuilds.join(',') };
// The browser journeys run one at a time and spend most of their time waiting on the app (polling,
// renders), so they run beside the unit and database tests instead of after them; their log is
// printed whole when they end.
const journeys = runCaptured(bin('vitest'), vitestArgs('e2e', 'e2e.json'), { env: vitestEnv });
header('tests: vitest run (unit and database projects; the browser journeys run alongside)');
const testsStarted = Date.now();
const minutesSince = (start) => ((Date.now() - start) / 60_000).toFixed(1);
const mainCode = await run(bin('vitest'), vitestArgs('!e2e', 'main.json'), { env: vitestEnv });
note(`unit and database tests ended after ${minutesSince(testsStarted)} min`);
const journeysRun = await journeys;
note(`browser journeys ended after ${minutesSince(testsStarted)} min`);
header('tests: vitest run --project e2e (browser journeys)');
process.stdout.write(journeysRun.output);
// What the app under the journeys logged (warnings and errors), when a journey failed.
if (journeysRun.code !== 0) printTail(fromRoot('e2e', '.artifacts', 'server.log'), 120);
const counts = addSummaries([summarize(path.join(reportDir, 'main.json')), summarize(path.join(reportDir, 'e2e.json'))]);
const vitestCode = mainCode || journeysRun.code;
header('the slowest test files (seconds)');
for (const [report, count] of [['main.json', 15], ['e2e.json', 8]]) {
  for (const file of slowestFiles(path.join(reportDir, report), count)) console.log(`${file.seconds.toFixed(0).padStart(6)}  ${file.name}`);
}
rmSync(reportDir, { recursive: true, force: true });

// The failures again at the end, where a long log's tail shows them.
for (const test of counts.failedTests) problem(`failed: ${test.name}\n${test.message}`);
for (const file of counts.brokenFiles) problem(`test file failed before its tests ran: ${file.name}: ${file.message}`);
if (counts.reportMissing) problem('vitest wrote no report (it failed before running tests)');
if (counts.passed + counts.failed === 0) {
  problem('no test ran');
  failedSteps.push('tests');
} else if (vitestCode !== 0 || counts.failed > 0) {
  failedSteps.push('tests');
}
note(`vitest exit code ${vitestCode}`);
finish(counts);
