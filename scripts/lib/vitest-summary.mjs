import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

/**
 * Counts from vitest's JSON report. A test file that failed before its tests ran (import error, failing
 * beforeAll with no tests) counts as one failure, so a broken file can never read as green.
 */
export function summarize(reportPath) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch {
    return { passed: 0, failed: 0, skipped: 0, brokenFiles: [], failedTests: [], reportMissing: true };
  }
  const brokenFiles = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
    .map((file) => ({ name: path.relative(repoRoot, file.name), message: file.message }));
  const failedTests = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        name: `${path.relative(repoRoot, file.name)} > ${test.fullName}`,
        message: (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n'),
      })),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
    brokenFiles,
    failedTests,
    reportMissing: false,
  };
}

/** The counts of several runs' reports added up (a missing report marks the whole as missing). */
export function addSummaries(parts) {
  return parts.reduce(
    (sum, part) => ({
      passed: sum.passed + part.passed,
      failed: sum.failed + part.failed,
      skipped: sum.skipped + part.skipped,
      brokenFiles: [...sum.brokenFiles, ...part.brokenFiles],
      failedTests: [...sum.failedTests, ...part.failedTests],
      reportMissing: sum.reportMissing || part.reportMissing,
    }),
    { passed: 0, failed: 0, skipped: 0, brokenFiles: [], failedTests: [], reportMissing: false },
  );
}

/**
 * The `count` test files that took longest in a report, longest first (a database file appears once per
 * database it ran on): where the run's time goes, so the next change to CI time starts from figures.
 */
export function slowestFiles(reportPath, count) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch {
    return [];
  }
  return report.testResults
    .map((file) => ({ name: path.relative(repoRoot, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .filter((file) => Number.isFinite(file.seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

export function summaryLine({ passed, failed, skipped }) {
  return `tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
